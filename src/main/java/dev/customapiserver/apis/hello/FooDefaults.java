package dev.customapiserver.apis.hello;

/** Defaulting of Foo request bodies, per version. */
public final class FooDefaults {
  /** The image a Foo runs when none is given. */
  public static final String DEFAULT_IMAGE = "nginx:latest";

  private FooDefaults() {}

  /** v2: {@code spec.image} defaults to {@value #DEFAULT_IMAGE}. */
  public static void v2(FooV2 foo) {
    if (foo.spec == null) {
      foo.spec = new FooV2.Spec();
    }
    if (foo.spec.image == null || foo.spec.image.isEmpty()) {
      foo.spec.image = DEFAULT_IMAGE;
    }
  }
}
