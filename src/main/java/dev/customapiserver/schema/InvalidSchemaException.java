package dev.customapiserver.schema;

import dev.customapiserver.api.errors.FieldError;
import java.util.List;

/** A CRD schema kube-apiserver would refuse; {@link #errors()} says why, in kube's words. */
public final class InvalidSchemaException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final transient List<FieldError> errors;

  public InvalidSchemaException(List<FieldError> errors) {
    super(errors.size() == 1 ? errors.get(0).toString() : errors.toString());
    this.errors = List.copyOf(errors);
  }

  public List<FieldError> errors() {
    return errors;
  }
}
