package dev.customapiserver.apis.hello;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.ArrayList;

/** Foo v2 to and from the hub: the same shape, copied field by field (no aliasing of mutable parts). */
public final class FooV2Converter implements KindConverter<Foo, FooV2> {

  @Override
  public Foo toHub(FooV2 v) {
    Foo h = new Foo();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    if (v.spec != null) {
      h.spec.image = v.spec.image;
      if (v.spec.config != null) {
        h.spec.config.msg = v.spec.config.msg;
        h.spec.config.msg1 = v.spec.config.msg1;
      }
    }
    h.status = toHub(v.status);
    return h;
  }

  @Override
  public FooV2 fromHub(Foo h) {
    FooV2 v = new FooV2();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.spec = new FooV2.Spec();
    v.spec.image = h.spec.image;
    v.spec.config = new FooV2.Config();
    v.spec.config.msg = h.spec.config.msg;
    v.spec.config.msg1 = h.spec.config.msg1;
    v.status = fromHub(h.status);
    return v;
  }

  public static Foo.Status toHub(FooV2.Status s) {
    if (s == null) {
      return null;
    }
    Foo.Status h = new Foo.Status();
    h.phase = s.phase;
    h.conditions = s.conditions == null ? null : new ArrayList<>(s.conditions.stream().map(c -> {
      Foo.Condition hc = new Foo.Condition();
      hc.type = c.type;
      hc.status = c.status;
      hc.reason = c.reason;
      hc.message = c.message;
      hc.lastTransitionTime = c.lastTransitionTime;
      return hc;
    }).toList());
    return h;
  }

  public static FooV2.Status fromHub(Foo.Status h) {
    if (h == null) {
      return null;
    }
    FooV2.Status s = new FooV2.Status();
    s.phase = h.phase;
    s.conditions = h.conditions == null ? null : new ArrayList<>(h.conditions.stream().map(hc -> {
      FooV2.Condition c = new FooV2.Condition();
      c.type = hc.type;
      c.status = hc.status;
      c.reason = hc.reason;
      c.message = hc.message;
      c.lastTransitionTime = hc.lastTransitionTime;
      return c;
    }).toList());
    return s;
  }
}
