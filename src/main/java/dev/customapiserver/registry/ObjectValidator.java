package dev.customapiserver.registry;

import dev.customapiserver.api.errors.FieldError;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Runs Bean Validation on hub objects and reports violations as Kubernetes field errors whose
 * field is the JSON path ({@code spec.toppings[1].name}); hub field names are the wire names.
 */
final class ObjectValidator {
  private final Validator validator;

  ObjectValidator(Validator validator) {
    this.validator = validator;
  }

  List<FieldError> validate(Object obj) {
    return validator.validate(obj).stream()
        .map(ObjectValidator::toFieldError)
        .sorted(Comparator.comparing(FieldError::field))
        .toList();
  }

  private static FieldError toFieldError(ConstraintViolation<?> v) {
    String path = jsonPath(v.getPropertyPath());
    Annotation a = v.getConstraintDescriptor().getAnnotation();
    Object value = v.getInvalidValue();
    if (a instanceof NotNull || a instanceof NotBlank || a instanceof NotEmpty) {
      return FieldError.required(path, "");
    }
    if (a instanceof Size size) {
      int length = lengthOf(value);
      if (length > size.max()) {
        return value instanceof CharSequence ? FieldError.tooLong(path, size.max())
            : new FieldError(FieldError.Type.TOO_MANY, path, null, "must have at most " + size.max() + " items");
      }
      if (value instanceof CharSequence && length == 0) {
        return FieldError.required(path, "");
      }
    }
    return FieldError.invalid(path, value instanceof CharSequence || value instanceof Number || value instanceof Boolean
        ? value : null, v.getMessage());
  }

  private static int lengthOf(Object value) {
    if (value instanceof CharSequence s) {
      return s.length();
    }
    if (value instanceof Collection<?> c) {
      return c.size();
    }
    if (value instanceof Map<?, ?> m) {
      return m.size();
    }
    return 0;
  }

  static String jsonPath(Path path) {
    StringBuilder s = new StringBuilder();
    for (Path.Node n : path) {
      if (n.isInIterable()) {
        s.append('[').append(n.getIndex() != null ? n.getIndex() : n.getKey()).append(']');
      }
      String name = n.getName();
      if (name != null && !name.startsWith("<")) {
        if (!s.isEmpty()) {
          s.append('.');
        }
        s.append(name);
      }
    }
    return s.toString();
  }
}
