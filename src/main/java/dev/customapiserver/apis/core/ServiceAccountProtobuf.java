package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.util.ArrayList;

/**
 * ServiceAccount and TokenRequest from Kubernetes protobuf, as {@code kubectl create serviceaccount}
 * and {@code kubectl create token} send them. ServiceAccount: metadata 1, secrets 2,
 * imagePullSecrets 3 ({name 1}), automountServiceAccountToken 4. TokenRequest: metadata 1, spec 2
 * {audiences 1, boundObjectRef 3 {kind 1, apiVersion 2, name 3, uid 4}, expirationSeconds 4}.
 */
public final class ServiceAccountProtobuf {
  private ServiceAccountProtobuf() {}

  public static ServiceAccountV1 serviceAccount(ByteString raw) {
    ServiceAccountV1 sa = new ServiceAccountV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> sa.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> {
          sa.secrets = sa.secrets == null ? new ArrayList<>() : sa.secrets;
          sa.secrets.add(EventProtobuf.reference(in.readBytes()));
        }
        case 3 -> {
          sa.imagePullSecrets = sa.imagePullSecrets == null ? new ArrayList<>() : sa.imagePullSecrets;
          LocalObjectReference r = new LocalObjectReference();
          KubeProtobuf.message(in.readBytes(), (m, ref) -> {
            if (m == 1) {
              r.name = ref.readStringRequireUtf8();
              return true;
            }
            return false;
          });
          sa.imagePullSecrets.add(r);
        }
        case 4 -> sa.automountServiceAccountToken = in.readBool();
        default -> {
          return false;
        }
      }
      return true;
    });
    return sa;
  }

  public static TokenRequest tokenRequest(ByteString raw) {
    TokenRequest tr = new TokenRequest();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> tr.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> KubeProtobuf.message(in.readBytes(), (m, spec) -> {
          switch (m) {
            case 1 -> tr.spec.audiences = KubeProtobuf.add(tr.spec.audiences, spec.readStringRequireUtf8());
            case 3 -> tr.spec.boundObjectRef = bound(spec.readBytes());
            case 4 -> tr.spec.expirationSeconds = spec.readInt64();
            default -> {
              return false;
            }
          }
          return true;
        });
        default -> {
          return false;
        }
      }
      return true;
    });
    return tr;
  }

  private static TokenRequest.BoundObjectReference bound(ByteString raw) {
    TokenRequest.BoundObjectReference b = new TokenRequest.BoundObjectReference();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> b.kind = in.readStringRequireUtf8();
        case 2 -> b.apiVersion = in.readStringRequireUtf8();
        case 3 -> b.name = in.readStringRequireUtf8();
        case 4 -> b.uid = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return b;
  }
}
