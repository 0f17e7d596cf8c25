package dev.customapiserver.apis.hello;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;

/**
 * Foo v1 to and from the hub. v1 {@code spec.msg}/{@code spec.msg1} are the hub's
 * {@code spec.config.msg}/{@code spec.config.msg1}. The v2-only {@code spec.image} and
 * {@code status} ride on the v1 object in two annotations, which {@link #toHub} takes out again,
 * so an object read, changed and written back through v1 keeps its image.
 */
public final class FooV1Converter implements KindConverter<Foo, FooV1> {
  /** The v2 {@code spec.image}, as is. */
  public static final String IMAGE_ANNOTATION = "hello.zeng.dev/v2-image";
  /** The v2 {@code status}, as JSON in the v2 shape. */
  public static final String STATUS_ANNOTATION = "hello.zeng.dev/v2-status";

  private final LossyFields lossy = new LossyFields();

  @Override
  public Foo toHub(FooV1 v) {
    Foo h = new Foo();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.spec.image = lossy.take(h.metadata, IMAGE_ANNOTATION);
    h.status = FooV2Converter.toHub(lossy.takeJson(h.metadata, STATUS_ANNOTATION, FooV2.Status.class));
    if (v.spec != null) {
      h.spec.config.msg = v.spec.msg;
      h.spec.config.msg1 = v.spec.msg1;
    }
    return h;
  }

  @Override
  public FooV1 fromHub(Foo h) {
    FooV1 v = new FooV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    lossy.put(v.metadata, IMAGE_ANNOTATION, h.spec.image);
    lossy.putJson(v.metadata, STATUS_ANNOTATION, FooV2Converter.fromHub(h.status));
    v.spec = new FooV1.Spec();
    v.spec.msg = h.spec.config.msg;
    v.spec.msg1 = h.spec.config.msg1;
    return v;
  }
}
