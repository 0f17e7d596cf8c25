package dev.customapiserver.schema.cel;

import dev.customapiserver.api.errors.FieldError;

/** kube's {@code fieldErrorForReason}: a failed rule's {@code reason} as the field error's type. */
final class RuleErrors {
  private RuleErrors() {}

  static FieldError forReason(String reason, String path, Object value, String detail) {
    return switch (reason == null ? "" : reason) {
      case "FieldValueForbidden" -> FieldError.forbidden(path, detail);
      case "FieldValueRequired" -> FieldError.required(path, detail);
      case "FieldValueDuplicate" -> FieldError.duplicate(path, value);
      default -> FieldError.invalid(path, value, detail);
    };
  }
}
