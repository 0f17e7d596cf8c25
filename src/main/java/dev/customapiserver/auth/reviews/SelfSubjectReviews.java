package dev.customapiserver.auth.reviews;

import dev.customapiserver.apis.authentication.AuthenticationGroup;
import dev.customapiserver.apis.authentication.AuthenticationProtobuf;
import dev.customapiserver.apis.authentication.SelfSubjectReviewV1;
import dev.customapiserver.apis.authentication.UserInfoV1;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.VirtualResource;

/**
 * {@code POST /apis/authentication.k8s.io/v1/selfsubjectreviews} ({@code kubectl auth whoami}): the
 * status names the user the request acts as, the impersonated one when {@code --as} is used.
 */
public final class SelfSubjectReviews {
  private SelfSubjectReviews() {}

  public static VirtualResource<SelfSubjectReviewV1> resource() {
    return new VirtualResource<>(AuthenticationGroup.NAME, AuthenticationGroup.VERSION, "SelfSubjectReview",
        "selfsubjectreviews", false, SelfSubjectReviewV1.class, (SelfSubjectReviewV1 review, RegistryContext context) -> {
          review.status = new SelfSubjectReviewV1.Status();
          review.status.userInfo = UserInfoV1.of(context.user());
          return review;
        }).withProtobuf(AuthenticationProtobuf::selfSubjectReview);
  }
}
