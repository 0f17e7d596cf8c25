package dev.customapiserver.apis.wardle;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;

/** Fischer v1alpha1 to and from the hub: the same shape, copied. */
public final class FischerV1alpha1Converter implements KindConverter<Fischer, FischerV1alpha1> {

  @Override
  public Fischer toHub(FischerV1alpha1 v) {
    Fischer h = new Fischer();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.disallowedFlunders = v.disallowedFlunders == null ? null : new ArrayList<>(v.disallowedFlunders);
    return h;
  }

  @Override
  public FischerV1alpha1 fromHub(Fischer h) {
    FischerV1alpha1 v = new FischerV1alpha1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.disallowedFlunders = h.disallowedFlunders == null ? null : new ArrayList<>(h.disallowedFlunders);
    return v;
  }
}
