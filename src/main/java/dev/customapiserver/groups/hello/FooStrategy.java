package dev.customapiserver.groups.hello;

import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.apis.hello.FooDefaults;
import dev.customapiserver.runtime.ResourceStrategy;

/**
 * Per-kind rules of Foo. Field constraints (message required and at most 256 characters) are Bean
 * Validation annotations on {@link Foo}; nothing cross-field remains to check here.
 */
public final class FooStrategy implements ResourceStrategy<Foo> {

  /**
   * Drops any status sent with the object (status is written through the status subresource) and
   * gives an image to a Foo written through v1 without one, as reading a stored v2 object back
   * through the v2 defaulter would in Kubernetes. Mutates {@code obj}.
   */
  @Override
  public void prepareForCreate(Foo obj) {
    obj.status = null;
    defaultImage(obj);
  }

  /** Keeps the stored status: the main resource ignores status changes. Mutates {@code newObj} only. */
  @Override
  public void prepareForUpdate(Foo newObj, Foo oldObj) {
    newObj.status = oldObj.status == null ? null : oldObj.status.copy();
    defaultImage(newObj);
  }

  private static void defaultImage(Foo obj) {
    if (obj.spec.image == null || obj.spec.image.isEmpty()) {
      obj.spec.image = FooDefaults.DEFAULT_IMAGE;
    }
  }
}
