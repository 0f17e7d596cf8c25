package dev.customapiserver.groups.core;

import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.MutatingPlugin;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.runtime.GroupResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * kube-apiserver's NamespaceLifecycle: {@code default} (and {@code kube-system}, {@code kube-public})
 * may not be deleted; a namespaced object may not be created in a namespace that does not exist
 * (404 naming the namespace) or is Terminating (403 with a NamespaceTerminating cause). Reads
 * namespaces from the lister, and storage once more on a miss (the namespace may be only a moment
 * old). Runs first in the chain; changes nothing.
 */
public final class NamespaceLifecycle implements MutatingPlugin {
  /** The plugin's name in the flags. */
  public static final String NAME = "NamespaceLifecycle";
  static final GroupResource NAMESPACES = new GroupResource(CoreModule.GROUP, "namespaces");
  private static final Set<String> IMMORTAL = Set.of("default", "kube-system", "kube-public");

  private final Lister<Namespace> namespaces;

  public NamespaceLifecycle(Lister<Namespace> namespaces) {
    this.namespaces = namespaces;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<Operation> operations() {
    return Set.of(Operation.CREATE, Operation.UPDATE, Operation.DELETE);
  }

  @Override
  public void admit(Attributes a) {
    boolean isNamespace = a.resource().equals(NAMESPACES);
    if (isNamespace) {
      if (a.operation() == Operation.DELETE && a.subresource().isEmpty() && IMMORTAL.contains(a.name())) {
        throw a.forbidden("this namespace may not be deleted");
      }
      return;
    }
    if (a.namespace() == null || a.namespace().isEmpty() || a.operation() == Operation.DELETE) {
      return;
    }
    Optional<Namespace> ns = namespaces.get(null, a.namespace()).or(() -> namespaces.lookup(null, a.namespace()));
    if (ns.isEmpty()) {
      throw Errors.notFound(NAMESPACES.qualified(), a.namespace());
    }
    if (a.operation() == Operation.CREATE && ns.get().status != null
        && Namespace.TERMINATING.equals(ns.get().status.phase)) {
      ApiException e = a.forbidden("unable to create new content in namespace " + a.namespace()
          + " because it is being terminated");
      Status.Details d = e.status().details;
      List<Status.Cause> causes = new ArrayList<>(d.causes == null ? List.of() : d.causes);
      causes.add(new Status.Cause("NamespaceTerminating", "namespace " + a.namespace() + " is being terminated",
          "metadata.namespace"));
      d.causes = causes;
      throw e;
    }
  }
}
