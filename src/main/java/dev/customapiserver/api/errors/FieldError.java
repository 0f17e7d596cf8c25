package dev.customapiserver.api.errors;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One field-level validation error (k8s field.Error): the JSON path of the field, the error type,
 * the offending value (shown only for some types) and a detail.
 */
public record FieldError(Type type, String field, Object value, String detail) {

  /** field.ErrorType: how it reads and which StatusCause reason it maps to. */
  public enum Type {
    NOT_FOUND("Not found", "FieldValueNotFound", true),
    REQUIRED("Required value", "FieldValueRequired", false),
    DUPLICATE("Duplicate value", "FieldValueDuplicate", true),
    INVALID("Invalid value", "FieldValueInvalid", true),
    NOT_SUPPORTED("Unsupported value", "FieldValueNotSupported", true),
    FORBIDDEN("Forbidden", "FieldValueForbidden", false),
    TOO_LONG("Too long", "FieldValueTooLong", false),
    TOO_MANY("Too many", "FieldValueTooMany", false),
    INTERNAL("Internal error", "InternalError", false),
    TYPE_INVALID("Invalid value", "FieldValueTypeInvalid", true);

    final String text;
    final String causeReason;
    final boolean showsValue;

    Type(String text, String causeReason, boolean showsValue) {
      this.text = text;
      this.causeReason = causeReason;
      this.showsValue = showsValue;
    }

    public String causeReason() {
      return causeReason;
    }
  }

  /**
   * No value: the error reads {@code Invalid value: detail} without one, as kube's
   * {@code field.OmitValueType} (a CEL rule's error on an object or a list).
   */
  public static final Object OMIT_VALUE = new Object() {
    @Override
    public String toString() {
      return "<omitted>";
    }
  };

  /** A value printed as is, unquoted (e.g. {@code 0x0}). */
  public record Raw(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  public static FieldError required(String field, String detail) {
    return new FieldError(Type.REQUIRED, field, null, detail);
  }

  public static FieldError invalid(String field, Object value, String detail) {
    return new FieldError(Type.INVALID, field, value, detail);
  }

  public static FieldError forbidden(String field, String detail) {
    return new FieldError(Type.FORBIDDEN, field, null, detail);
  }

  public static FieldError duplicate(String field, Object value) {
    return new FieldError(Type.DUPLICATE, field, value, "");
  }

  public static FieldError tooLong(String field, int maxLength) {
    return new FieldError(Type.TOO_LONG, field, null, "may not be more than " + maxLength + " bytes");
  }

  public static FieldError notSupported(String field, Object value, List<String> supported) {
    String detail = supported.isEmpty() ? "" : "supported values: "
        + supported.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", "));
    return new FieldError(Type.NOT_SUPPORTED, field, value, detail);
  }

  /** What follows the field path: {@code Invalid value: "x": detail}, {@code Required value}. */
  public String body() {
    StringBuilder s = new StringBuilder(type.text);
    if (type.showsValue && value != OMIT_VALUE) {
      s.append(": ").append(formatValue(value));
    }
    if (detail != null && !detail.isEmpty()) {
      s.append(": ").append(detail);
    }
    return s.toString();
  }

  /** The whole error as Kubernetes prints it: {@code spec.msg: Required value}. */
  @Override
  public String toString() {
    return field + ": " + body();
  }

  private static String formatValue(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    return String.valueOf(value);
  }
}
