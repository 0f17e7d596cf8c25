package dev.customapiserver.apis.authentication;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * authentication.k8s.io/v1 review requests from Kubernetes protobuf, as kubectl sends them:
 * SelfSubjectReview {metadata 1}; TokenReview {metadata 1, spec 2 {token 1, audiences 2}}. The
 * status a client sends is ignored (the server fills it).
 */
public final class AuthenticationProtobuf {
  private static final ProtoFields<SelfSubjectReviewV1> SELF_SUBJECT_REVIEW = KubeProtobuf.object(SelfSubjectReviewV1::new);
  private static final ProtoFields<TokenReviewV1.Spec> TOKEN_REVIEW_SPEC = ProtoFields.of(TokenReviewV1.Spec::new)
      .string(1, (s, v) -> s.token = v)
      .string(2, (s, v) -> s.audiences = KubeProtobuf.add(s.audiences, v));
  private static final ProtoFields<TokenReviewV1> TOKEN_REVIEW = KubeProtobuf.object(TokenReviewV1::new)
      .message(2, TOKEN_REVIEW_SPEC::read, (r, s) -> r.spec = s);

  private AuthenticationProtobuf() {}

  public static SelfSubjectReviewV1 selfSubjectReview(ByteString raw) {
    return SELF_SUBJECT_REVIEW.read(raw);
  }

  public static TokenReviewV1 tokenReview(ByteString raw) {
    return TOKEN_REVIEW.read(raw);
  }
}
