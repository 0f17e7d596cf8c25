package dev.customapiserver.runtime;

import dev.customapiserver.api.errors.Errors;

/** The {@code fieldValidation} query parameter: what to do with unknown and duplicate fields. */
public enum FieldValidation {
  IGNORE, WARN, STRICT;

  /** Parses the parameter; absent means Warn, as kube-apiserver. */
  public static FieldValidation parse(String value) {
    if (value == null || value.isEmpty()) {
      return WARN;
    }
    return switch (value) {
      case "Ignore" -> IGNORE;
      case "Warn" -> WARN;
      case "Strict" -> STRICT;
      default -> throw Errors.badRequest("fieldValidation must be one of Ignore, Warn, or Strict, got " + value);
    };
  }
}
