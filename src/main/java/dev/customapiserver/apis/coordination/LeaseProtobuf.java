package dev.customapiserver.apis.coordination;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * coordination.k8s.io/v1 Lease from Kubernetes protobuf (metadata 1, spec 2 {holderIdentity 1,
 * leaseDurationSeconds 2, acquireTime 3, renewTime 4, leaseTransitions 5, strategy 6,
 * preferredHolder 7}; MicroTime {seconds 1, nanos 2}), as client-go's leader election sends it.
 */
public final class LeaseProtobuf {
  private static final ProtoFields<LeaseSpec> SPEC = ProtoFields.of(LeaseSpec::new)
      .string(1, (s, v) -> s.holderIdentity = v)
      .int32(2, (s, v) -> s.leaseDurationSeconds = v)
      .message(3, KubeProtobuf::instant, (s, v) -> s.acquireTime = v)
      .message(4, KubeProtobuf::instant, (s, v) -> s.renewTime = v)
      .int32(5, (s, v) -> s.leaseTransitions = v)
      .string(6, (s, v) -> s.strategy = v)
      .string(7, (s, v) -> s.preferredHolder = v);
  private static final ProtoFields<LeaseV1> LEASE = KubeProtobuf.object(LeaseV1::new)
      .message(2, SPEC::read, (l, s) -> l.spec = s);

  private LeaseProtobuf() {}

  public static LeaseV1 decode(ByteString raw) {
    return LEASE.read(raw);
  }
}
