package dev.customapiserver.apis.authentication;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.util.ArrayList;

/**
 * authentication.k8s.io/v1 review requests from Kubernetes protobuf, as kubectl sends them:
 * SelfSubjectReview {metadata 1}; TokenReview {metadata 1, spec 2 {token 1, audiences 2}}. The
 * status a client sends is ignored (the server fills it).
 */
public final class AuthenticationProtobuf {
  private AuthenticationProtobuf() {}

  public static SelfSubjectReviewV1 selfSubjectReview(ByteString raw) {
    SelfSubjectReviewV1 review = new SelfSubjectReviewV1();
    KubeProtobuf.message(raw, (n, in) -> {
      if (n == 1) {
        review.metadata = KubeProtobuf.objectMeta(in.readBytes());
        return true;
      }
      return false;
    });
    return review;
  }

  public static TokenReviewV1 tokenReview(ByteString raw) {
    TokenReviewV1 review = new TokenReviewV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> review.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> review.spec = tokenReviewSpec(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return review;
  }

  private static TokenReviewV1.Spec tokenReviewSpec(ByteString raw) {
    TokenReviewV1.Spec spec = new TokenReviewV1.Spec();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> spec.token = in.readStringRequireUtf8();
        case 2 -> spec.audiences = KubeProtobuf.add(spec.audiences == null ? new ArrayList<>() : spec.audiences,
            in.readStringRequireUtf8());
        default -> {
          return false;
        }
      }
      return true;
    });
    return spec;
  }
}
