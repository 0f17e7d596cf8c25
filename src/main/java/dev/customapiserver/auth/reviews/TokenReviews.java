package dev.customapiserver.auth.reviews;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.authentication.AuthenticationGroup;
import dev.customapiserver.apis.authentication.AuthenticationProtobuf;
import dev.customapiserver.apis.authentication.TokenReviewV1;
import dev.customapiserver.apis.authentication.UserInfoV1;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Credentials;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.VirtualResource;
import java.util.Optional;

/**
 * {@code POST /apis/authentication.k8s.io/v1/tokenreviews}: reviews {@code spec.token} with this
 * server's authentication chain, as a bearer token would be on a request. An unknown token answers
 * {@code status: {}} (not authenticated); an empty one is 400, as kube says it.
 */
public final class TokenReviews {
  private TokenReviews() {}

  public static VirtualResource<TokenReviewV1> resource(AuthenticationChain chain) {
    return new VirtualResource<>(AuthenticationGroup.NAME, AuthenticationGroup.VERSION, "TokenReview", "tokenreviews",
        false, TokenReviewV1.class, (TokenReviewV1 review, RegistryContext context) -> {
          if (review.spec == null || review.spec.token == null || review.spec.token.isEmpty()) {
            throw Errors.badRequest("token is required for TokenReview in authentication");
          }
          review.status = new TokenReviewV1.Status();
          Optional<UserInfo> user = chain.authenticate(Credentials.token(review.spec.token))
              .filter(u -> !u.equals(AuthenticationChain.ANONYMOUS));
          if (user.isPresent()) {
            review.status.authenticated = true;
            review.status.user = UserInfoV1.of(user.get());
            review.status.audiences = review.spec.audiences;
          }
          return review;
        }).withProtobuf(AuthenticationProtobuf::tokenReview);
  }
}
