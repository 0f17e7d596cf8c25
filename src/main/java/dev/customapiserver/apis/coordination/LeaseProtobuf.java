package dev.customapiserver.apis.coordination;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.time.Instant;

/**
 * coordination.k8s.io/v1 Lease from Kubernetes protobuf (metadata 1, spec 2 {holderIdentity 1,
 * leaseDurationSeconds 2, acquireTime 3, renewTime 4, leaseTransitions 5, strategy 6,
 * preferredHolder 7}; MicroTime {seconds 1, nanos 2}), as client-go's leader election sends it.
 */
public final class LeaseProtobuf {
  private LeaseProtobuf() {}

  public static LeaseV1 decode(ByteString raw) {
    LeaseV1 lease = new LeaseV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> lease.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> lease.spec = spec(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return lease;
  }

  private static LeaseSpec spec(ByteString raw) {
    LeaseSpec s = new LeaseSpec();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.holderIdentity = in.readStringRequireUtf8();
        case 2 -> s.leaseDurationSeconds = in.readInt32();
        case 3 -> s.acquireTime = time(in.readBytes());
        case 4 -> s.renewTime = time(in.readBytes());
        case 5 -> s.leaseTransitions = in.readInt32();
        case 6 -> s.strategy = in.readStringRequireUtf8();
        case 7 -> s.preferredHolder = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  private static Instant time(ByteString raw) {
    long[] secondsNanos = {0, 0};
    KubeProtobuf.message(raw, (n, in) -> {
      if (n == 1) {
        secondsNanos[0] = in.readInt64();
        return true;
      }
      if (n == 2) {
        secondsNanos[1] = in.readInt32();
        return true;
      }
      return false;
    });
    return Instant.ofEpochSecond(secondsNanos[0], secondsNanos[1]);
  }
}
