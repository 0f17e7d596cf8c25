package dev.customapiserver.apis.core;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;

/** Namespace v1 to and from the hub: the same shape, copied. */
public final class NamespaceV1Converter implements KindConverter<Namespace, NamespaceV1> {

  @Override
  public Namespace toHub(NamespaceV1 v) {
    Namespace h = new Namespace();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    if (v.spec != null && v.spec.finalizers != null) {
      h.spec.finalizers = new ArrayList<>(v.spec.finalizers);
    }
    if (v.status != null) {
      h.status = new Namespace.Status();
      h.status.phase = v.status.phase;
    }
    return h;
  }

  @Override
  public NamespaceV1 fromHub(Namespace h) {
    NamespaceV1 v = new NamespaceV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new NamespaceV1.Spec();
    v.spec.finalizers = h.spec.finalizers == null ? null : new ArrayList<>(h.spec.finalizers);
    if (h.status != null) {
      v.status = new NamespaceV1.Status();
      v.status.phase = h.status.phase;
    }
    return v;
  }
}
