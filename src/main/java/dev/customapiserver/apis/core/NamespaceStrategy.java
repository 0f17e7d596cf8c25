package dev.customapiserver.apis.core;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of Namespace: a new namespace is Active whatever was sent; the main resource keeps the
 * stored status; the name is a DNS-1123 label; the phase is Active or Terminating; finalizers are
 * not empty strings.
 */
final class NamespaceStrategy implements ResourceStrategy<Namespace> {
  static final int LABEL_MAX_LENGTH = 63;
  private static final String LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL_PATTERN = Pattern.compile(LABEL);
  private static final String LABEL_DETAIL = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
      + "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name', or "
      + "'123-abc', regex used for validation is '" + LABEL + "')";
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

  @Override
  public List<FieldError> validate(Namespace obj) {
    List<FieldError> errors = new ArrayList<>();
    String name = obj.metadata == null ? null : obj.metadata.name;
    if (name != null && !name.isEmpty()) {
      if (name.length() > LABEL_MAX_LENGTH) {
        errors.add(FieldError.invalid("metadata.name", name, "must be no more than " + LABEL_MAX_LENGTH + " characters"));
      } else if (!LABEL_PATTERN.matcher(name).matches()) {
        errors.add(FieldError.invalid("metadata.name", name, LABEL_DETAIL));
      }
    }
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
