package dev.customapiserver.apis.core;

import java.util.ArrayList;
import java.util.List;

/** Defaulting of Namespace request bodies. */
public final class NamespaceDefaults {
  private NamespaceDefaults() {}

  /** v1: {@code spec.finalizers} defaults to ["kubernetes"], {@code status.phase} to Active. */
  public static void v1(NamespaceV1 ns) {
    if (ns.spec == null) {
      ns.spec = new NamespaceV1.Spec();
    }
    if (ns.spec.finalizers == null) {
      ns.spec.finalizers = new ArrayList<>(List.of(Namespace.KUBERNETES_FINALIZER));
    }
    if (ns.status == null) {
      ns.status = new NamespaceV1.Status();
    }
    if (ns.status.phase == null || ns.status.phase.isEmpty()) {
      ns.status.phase = Namespace.ACTIVE;
    }
  }
}
