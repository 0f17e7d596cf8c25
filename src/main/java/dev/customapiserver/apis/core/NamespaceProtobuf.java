package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * core/v1 Namespace from Kubernetes protobuf (metadata 1, spec 2 {finalizers 1}, status 3 {phase 1}),
 * as kubectl's typed client sends it for {@code kubectl create namespace}.
 */
public final class NamespaceProtobuf {
  private static final ProtoFields<NamespaceV1.Spec> SPEC = ProtoFields.of(NamespaceV1.Spec::new)
      .string(1, (s, v) -> s.finalizers = KubeProtobuf.add(s.finalizers, v));
  private static final ProtoFields<NamespaceV1.Status> STATUS = ProtoFields.of(NamespaceV1.Status::new)
      .stringOrNull(1, (s, v) -> s.phase = v);
  private static final ProtoFields<NamespaceV1> NAMESPACE = KubeProtobuf.object(NamespaceV1::new)
      .message(2, SPEC::read, (ns, s) -> ns.spec = s)
      .message(3, STATUS::read, (ns, s) -> ns.status = s);

  private NamespaceProtobuf() {}

  public static NamespaceV1 decode(ByteString raw) {
    return NAMESPACE.read(raw);
  }
}
