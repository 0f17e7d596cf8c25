package dev.customapiserver.groups.core;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.validation.NameRules;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.runtime.ResourceStrategy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The rules of Namespace: a new namespace is Active whatever was sent; the main resource keeps the
 * stored status; the name is a DNS-1123 label; the phase is Active or Terminating; finalizers are
 * not empty strings.
 */
public final class NamespaceStrategy implements ResourceStrategy<Namespace> {
  private static final List<String> PHASES = List.of(Namespace.ACTIVE, Namespace.TERMINATING);

  /** Status becomes {phase: Active}. Mutates {@code obj}. */
  @Override
  public void prepareForCreate(Namespace obj) {
    obj.status = new Namespace.Status();
    obj.status.phase = Namespace.ACTIVE;
  }

  /** Keeps the stored status. Mutates {@code newObj} only. */
  @Override
  public void prepareForUpdate(Namespace newObj, Namespace oldObj) {
    newObj.status = null;
    if (oldObj.status != null) {
      newObj.status = new Namespace.Status();
      newObj.status.phase = oldObj.status.phase;
    }
  }

  /**
   * A namespace with finalizers is not deleted at once: it gets a deletionTimestamp and becomes
   * Terminating (the namespace controller then empties it and removes the {@code kubernetes}
   * finalizer); a second DELETE meanwhile is kube-apiserver's 409. Without finalizers it goes now.
   * Mutates {@code obj}.
   */
  @Override
  public boolean deleteInStages(Namespace obj, Instant now) {
    if (obj.spec.finalizers == null || obj.spec.finalizers.isEmpty()) {
      return false;
    }
    if (obj.metadata.deletionTimestamp != null) {
      throw Errors.conflict(new Errors.Resource("", "namespaces"), obj.metadata.name, "The system is ensuring all content is "
          + "removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.");
    }
    obj.metadata.deletionTimestamp = now;
    obj.metadata.deletionGracePeriodSeconds = 0L;
    obj.status = new Namespace.Status();
    obj.status.phase = Namespace.TERMINATING;
    return true;
  }

  /** Namespace names are DNS-1123 labels (they become parts of other names). */
  @Override
  public List<String> nameProblems(String name) {
    return NameRules.dns1123Label(name);
  }

  @Override
  public List<FieldError> validate(Namespace obj) {
    List<FieldError> errors = new ArrayList<>();
    if (obj.spec.finalizers != null) {
      for (int i = 0; i < obj.spec.finalizers.size(); i++) {
        String f = obj.spec.finalizers.get(i);
        if (f == null || f.isEmpty()) {
          errors.add(FieldError.required("spec.finalizers[" + i + "]", ""));
        }
      }
    }
    if (obj.status != null && obj.status.phase != null && !PHASES.contains(obj.status.phase)) {
      errors.add(FieldError.notSupported("status.phase", obj.status.phase, PHASES));
    }
    return errors;
  }
}
