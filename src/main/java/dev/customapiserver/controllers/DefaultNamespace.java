package dev.customapiserver.controllers;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import java.util.ArrayList;
import java.util.List;

/** The {@code default} namespace exists from the first start on (created on every start when missing). */
final class DefaultNamespace {
  static final String NAME = "default";

  private DefaultNamespace() {}

  static void ensure(GenericStore<Namespace> namespaces, RegistryContext ctx) {
    Namespace ns = new Namespace();
    ns.metadata = new ObjectMeta();
    ns.metadata.name = NAME;
    ns.spec.finalizers = new ArrayList<>(List.of(Namespace.KUBERNETES_FINALIZER));
    try {
      namespaces.create(ctx, ns, WriteOptions.DEFAULT);
    } catch (ApiException e) {
      if (e.code() != 409) {
        throw e;
      }
    }
  }
}
