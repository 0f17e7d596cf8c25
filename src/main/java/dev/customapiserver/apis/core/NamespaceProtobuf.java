package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;

/**
 * core/v1 Namespace from Kubernetes protobuf (metadata 1, spec 2 {finalizers 1}, status 3 {phase 1}),
 * as kubectl's typed client sends it for {@code kubectl create namespace}.
 */
public final class NamespaceProtobuf {
  private NamespaceProtobuf() {}

  public static NamespaceV1 decode(ByteString raw) {
    NamespaceV1 ns = new NamespaceV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> ns.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> {
          NamespaceV1.Spec spec = new NamespaceV1.Spec();
          KubeProtobuf.message(in.readBytes(), (sn, sin) -> {
            if (sn != 1) {
              return false;
            }
            spec.finalizers = KubeProtobuf.add(spec.finalizers, sin.readStringRequireUtf8());
            return true;
          });
          ns.spec = spec;
        }
        case 3 -> {
          NamespaceV1.Status status = new NamespaceV1.Status();
          KubeProtobuf.message(in.readBytes(), (sn, sin) -> {
            if (sn != 1) {
              return false;
            }
            String phase = sin.readStringRequireUtf8();
            status.phase = phase.isEmpty() ? null : phase;
            return true;
          });
          ns.status = status;
        }
        default -> {
          return false;
        }
      }
      return true;
    });
    return ns;
  }
}
