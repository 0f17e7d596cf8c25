package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.ResourceStrategy;

/**
 * kube's custom resource strategy: with the status subresource, a create drops {@code status} and
 * an update of the main resource keeps the stored one (status is written through {@code /status}).
 */
final class CustomResourceStrategy implements ResourceStrategy<Unstructured> {
  private final boolean statusSubresource;

  CustomResourceStrategy(boolean statusSubresource) {
    this.statusSubresource = statusSubresource;
  }

  @Override
  public void prepareForCreate(Unstructured obj) {
    if (statusSubresource) {
      obj.remove("status");
    }
  }

  @Override
  public void prepareForUpdate(Unstructured newObj, Unstructured oldObj) {
    if (statusSubresource) {
      newObj.remove("status");
      if (oldObj.get("status") != null) {
        newObj.set("status", oldObj.get("status").deepCopy());
      }
    }
  }
}
