package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * ServiceAccount and TokenRequest from Kubernetes protobuf, as {@code kubectl create serviceaccount}
 * and {@code kubectl create token} send them. ServiceAccount: metadata 1, secrets 2,
 * imagePullSecrets 3 ({name 1}), automountServiceAccountToken 4. TokenRequest: metadata 1, spec 2
 * {audiences 1, boundObjectRef 3 {kind 1, apiVersion 2, name 3, uid 4}, expirationSeconds 4}.
 */
public final class ServiceAccountProtobuf {
  private static final ProtoFields<LocalObjectReference> LOCAL_REFERENCE = ProtoFields.of(LocalObjectReference::new)
      .string(1, (r, v) -> r.name = v);
  private static final ProtoFields<ServiceAccountV1> SERVICE_ACCOUNT = KubeProtobuf.object(ServiceAccountV1::new)
      .message(2, EventProtobuf::reference, (sa, v) -> sa.secrets = KubeProtobuf.add(sa.secrets, v))
      .message(3, LOCAL_REFERENCE::read, (sa, v) -> sa.imagePullSecrets = KubeProtobuf.add(sa.imagePullSecrets, v))
      .bool(4, (sa, v) -> sa.automountServiceAccountToken = v);
  private static final ProtoFields<TokenRequest.BoundObjectReference> BOUND =
      ProtoFields.of(TokenRequest.BoundObjectReference::new)
          .string(1, (b, v) -> b.kind = v)
          .string(2, (b, v) -> b.apiVersion = v)
          .string(3, (b, v) -> b.name = v)
          .string(4, (b, v) -> b.uid = v);
  private static final ProtoFields<TokenRequest.Spec> TOKEN_SPEC = ProtoFields.of(TokenRequest.Spec::new)
      .string(1, (s, v) -> s.audiences = KubeProtobuf.add(s.audiences, v))
      .message(3, BOUND::read, (s, v) -> s.boundObjectRef = v)
      .int64(4, (s, v) -> s.expirationSeconds = v);
  private static final ProtoFields<TokenRequest> TOKEN_REQUEST = KubeProtobuf.object(TokenRequest::new)
      .field(2, (in, tr) -> TOKEN_SPEC.readInto(in.readBytes(), tr.spec));

  private ServiceAccountProtobuf() {}

  public static ServiceAccountV1 serviceAccount(ByteString raw) {
    return SERVICE_ACCOUNT.read(raw);
  }

  public static TokenRequest tokenRequest(ByteString raw) {
    return TOKEN_REQUEST.read(raw);
  }
}
