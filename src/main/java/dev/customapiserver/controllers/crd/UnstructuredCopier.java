package dev.customapiserver.controllers.crd;

import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.KindConverter;

/**
 * The conversion of a custom resource between its hub and a version: a deep copy (strategy None:
 * only apiVersion changes, which the served version sets on the way out).
 */
final class UnstructuredCopier implements KindConverter<Unstructured, Unstructured> {
  @Override
  public Unstructured toHub(Unstructured versioned) {
    return versioned.copy();
  }

  @Override
  public Unstructured fromHub(Unstructured hub) {
    return hub.copy();
  }
}
