package dev.customapiserver.apis.coordination;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;

/** Lease v1 to and from the hub: the same shape, copied. */
public final class LeaseV1Converter implements KindConverter<Lease, LeaseV1> {

  @Override
  public Lease toHub(LeaseV1 v) {
    Lease h = new Lease();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.spec = v.spec == null ? new LeaseSpec() : v.spec.copy();
    return h;
  }

  @Override
  public LeaseV1 fromHub(Lease h) {
    LeaseV1 v = new LeaseV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = h.spec.copy();
    return v;
  }
}
