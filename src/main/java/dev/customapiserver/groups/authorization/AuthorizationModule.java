package dev.customapiserver.groups.authorization;

import dev.customapiserver.apis.authorization.AuthorizationGroup;
import dev.customapiserver.apis.authorization.LocalSubjectAccessReview;
import dev.customapiserver.apis.authorization.LocalSubjectAccessReviewV1;
import dev.customapiserver.apis.authorization.ReviewProtobuf;
import dev.customapiserver.apis.authorization.SelfSubjectAccessReview;
import dev.customapiserver.apis.authorization.SelfSubjectAccessReviewV1;
import dev.customapiserver.apis.authorization.SelfSubjectRulesReview;
import dev.customapiserver.apis.authorization.SelfSubjectRulesReviewV1;
import dev.customapiserver.apis.authorization.SubjectAccessReview;
import dev.customapiserver.apis.authorization.SubjectAccessReviewV1;
import dev.customapiserver.apis.meta.CopyingConverter;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.reviews.AccessReviews;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.rbac.RuleResolver;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The {@code authorization.k8s.io} group: the four access reviews in v1, create-only. Not a service
 * provider: the server adds it with its authorizer and the rules each user holds (both asked lazily:
 * they are made after the registry).
 */
public final class AuthorizationModule implements ApiGroupModule {
  public static final String GROUP = AuthorizationGroup.NAME;
  private final AccessReviews reviews;

  public AuthorizationModule(Supplier<Authorizer> authorizer, BiFunction<UserInfo, String, RuleResolver.Rules> rules) {
    this.reviews = new AccessReviews(authorizer, rules);
  }

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(
        ResourceType.builder(GROUP, "SubjectAccessReview", "subjectaccessreviews", SubjectAccessReview.class)
            .clusterScoped()
            .served(ServedVersion.of("v1", SubjectAccessReviewV1.class, new CopyingConverter<SubjectAccessReview, SubjectAccessReviewV1>(
                SubjectAccessReview::new, SubjectAccessReviewV1::new, (a, b) -> a.copyTo(b))).withProtobuf(ReviewProtobuf::sar))
            .storageVersion("v1").createOnly(reviews::subject).build(),
        ResourceType.builder(GROUP, "LocalSubjectAccessReview", "localsubjectaccessreviews", LocalSubjectAccessReview.class)
            .served(ServedVersion.of("v1", LocalSubjectAccessReviewV1.class,
                new CopyingConverter<LocalSubjectAccessReview, LocalSubjectAccessReviewV1>(LocalSubjectAccessReview::new,
                    LocalSubjectAccessReviewV1::new, (a, b) -> a.copyTo(b))).withProtobuf(ReviewProtobuf::localSar))
            .storageVersion("v1").createOnly(reviews::local).build(),
        ResourceType.builder(GROUP, "SelfSubjectAccessReview", "selfsubjectaccessreviews", SelfSubjectAccessReview.class)
            .clusterScoped()
            .served(ServedVersion.of("v1", SelfSubjectAccessReviewV1.class,
                new CopyingConverter<SelfSubjectAccessReview, SelfSubjectAccessReviewV1>(SelfSubjectAccessReview::new,
                    SelfSubjectAccessReviewV1::new, (a, b) -> a.copyTo(b))).withProtobuf(ReviewProtobuf::selfSar))
            .storageVersion("v1").createOnly(reviews::self).build(),
        ResourceType.builder(GROUP, "SelfSubjectRulesReview", "selfsubjectrulesreviews", SelfSubjectRulesReview.class)
            .clusterScoped()
            .served(ServedVersion.of("v1", SelfSubjectRulesReviewV1.class,
                new CopyingConverter<SelfSubjectRulesReview, SelfSubjectRulesReviewV1>(SelfSubjectRulesReview::new,
                    SelfSubjectRulesReviewV1::new, (a, b) -> a.copyTo(b))).withProtobuf(ReviewProtobuf::rules))
            .storageVersion("v1").createOnly(reviews::selfRules).build()));
  }
}
