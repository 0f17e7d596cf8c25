package dev.customapiserver.apis.wardle;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;

/** Flunder v1beta1 to and from the hub: the same shape, copied. */
public final class FlunderV1beta1Converter implements KindConverter<Flunder, FlunderV1beta1> {

  @Override
  public Flunder toHub(FlunderV1beta1 v) {
    Flunder h = new Flunder();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    if (v.spec != null) {
      h.spec.fischerReference = v.spec.fischerReference;
      h.spec.flunderReference = v.spec.flunderReference;
      h.spec.referenceType = v.spec.referenceType;
    }
    h.status = v.status == null ? null : new Flunder.Status();
    return h;
  }

  @Override
  public FlunderV1beta1 fromHub(Flunder h) {
    FlunderV1beta1 v = new FlunderV1beta1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new FlunderV1beta1.Spec();
    v.spec.fischerReference = h.spec.fischerReference;
    v.spec.flunderReference = h.spec.flunderReference;
    v.spec.referenceType = h.spec.referenceType;
    v.status = h.status == null ? null : new FlunderV1beta1.Status();
    return v;
  }
}
