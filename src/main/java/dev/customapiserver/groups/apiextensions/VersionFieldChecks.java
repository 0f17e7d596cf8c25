package dev.customapiserver.groups.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * kube's checks of the per-version {@code subresources.scale} paths, {@code additionalPrinterColumns}
 * and {@code deprecationWarning}.
 * As kube validates its internal form, where fields that are identical in every version are moved
 * to the spec's top level, errors of those read {@code spec.subresources.scale.specReplicasPath} and
 * {@code spec.additionalPrinterColumns[0].type}; otherwise {@code spec.versions[1].subresources...}.
 */
public final class VersionFieldChecks {
  static final List<String> COLUMN_TYPES = List.of("boolean", "date", "integer", "number", "string");
  static final List<String> COLUMN_FORMATS = List.of("byte", "date", "date-time", "double", "float", "int32", "int64",
      "password");

  private VersionFieldChecks() {}

  static List<FieldError> validate(List<CustomResourceDefinition.Version> versions) {
    List<FieldError> errors = new ArrayList<>();
    if (versions.isEmpty()) {
      return errors;
    }
    boolean sameSubresources = versions.stream().allMatch(v -> Objects.equals(v.subresources, versions.get(0).subresources));
    boolean sameColumns = versions.stream()
        .allMatch(v -> Objects.equals(v.additionalPrinterColumns, versions.get(0).additionalPrinterColumns));
    for (int i = 0; i < versions.size(); i++) {
      CustomResourceDefinition.Version v = versions.get(i);
      for (String problem : deprecationWarning(Boolean.TRUE.equals(v.deprecated), v.deprecationWarning)) {
        errors.add(FieldError.invalid("spec.versions[" + i + "].deprecationWarning", v.deprecationWarning, problem));
      }
      if (!sameSubresources) {
        errors.addAll(subresources(v.subresources, "spec.versions[" + i + "].subresources"));
      }
      if (!sameColumns) {
        errors.addAll(columns(v.additionalPrinterColumns, "spec.versions[" + i + "].additionalPrinterColumns"));
      }
    }
    if (sameSubresources) {
      errors.addAll(subresources(versions.get(0).subresources, "spec.subresources"));
    }
    if (sameColumns) {
      errors.addAll(columns(versions.get(0).additionalPrinterColumns, "spec.additionalPrinterColumns"));
    }
    return errors;
  }

  /** kube's validateDeprecationWarning. */
  static List<String> deprecationWarning(boolean deprecated, String warning) {
    if (!deprecated && warning != null) {
      return List.of("can only be set for deprecated versions");
    }
    if (warning == null) {
      return List.of();
    }
    List<String> problems = new ArrayList<>();
    if (warning.getBytes(StandardCharsets.UTF_8).length > 256) {
      problems.add("must be <= 256 characters long");
    }
    if (warning.isEmpty()) {
      problems.add("must not be an empty string");
    }
    for (int i = 0; i < warning.length(); ) {
      int c = warning.codePointAt(i);
      int type = Character.getType(c);
      if (Character.isISOControl(c) || type == Character.UNASSIGNED || type == Character.FORMAT || type == Character.SURROGATE
          || type == Character.PRIVATE_USE || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
          || (type == Character.SPACE_SEPARATOR && c != ' ')) {
        problems.add("must only contain printable UTF-8 characters; non-printable character found at index " + i);
        break;
      }
      i += Character.charCount(c);
    }
    return problems;
  }

  /** kube's ValidateCustomResourceDefinitionSubresources: the scale paths. */
  static List<FieldError> subresources(JsonNode subresources, String path) {
    List<FieldError> errors = new ArrayList<>();
    JsonNode scale = subresources == null ? null : subresources.get("scale");
    if (scale == null || scale.isNull()) {
      return errors;
    }
    scalePath(errors, scale.path("specReplicasPath").asText(""), path + ".scale.specReplicasPath", true, ".spec.", null,
        "should be a json path under .spec");
    scalePath(errors, scale.path("statusReplicasPath").asText(""), path + ".scale.statusReplicasPath", true, ".status.", null,
        "should be a json path under .status");
    scalePath(errors, scale.path("labelSelectorPath").asText(""), path + ".scale.labelSelectorPath", false, ".spec.",
        ".status.", "should be a json path under either .spec or .status");
    return errors;
  }

  private static void scalePath(List<FieldError> errors, String value, String field, boolean required, String prefix,
      String otherPrefix, String detail) {
    if (value.isEmpty()) {
      if (required) {
        errors.add(FieldError.required(field, ""));
      }
      return;
    }
    List<FieldError> simple = simpleJsonPath(value, field);
    if (!simple.isEmpty()) {
      errors.addAll(simple);
    } else if (!value.startsWith(prefix) && (otherPrefix == null || !value.startsWith(otherPrefix))) {
      errors.add(FieldError.invalid(field, value, detail));
    }
  }

  /** kube's validateSimpleJSONPath. */
  static List<FieldError> simpleJsonPath(String value, String field) {
    if (value.isEmpty()) {
      return List.of(FieldError.invalid(field, value, "must not be empty"));
    }
    if (value.charAt(0) != '.') {
      return List.of(FieldError.invalid(field, value, "must be a simple json path starting with ."));
    }
    return List.of();
  }

  /** kube's ValidateCustomResourceColumnDefinition for each column. */
  static List<FieldError> columns(List<JsonNode> columns, String path) {
    List<FieldError> errors = new ArrayList<>();
    if (columns == null) {
      return errors;
    }
    for (int i = 0; i < columns.size(); i++) {
      JsonNode c = columns.get(i);
      String at = path + "[" + i + "]";
      if (c.path("name").asText("").isEmpty()) {
        errors.add(FieldError.required(at + ".name", ""));
      }
      String type = c.path("type").asText("");
      String types = "must be one of " + String.join(",", COLUMN_TYPES);
      if (type.isEmpty()) {
        errors.add(FieldError.required(at + ".type", types));
      } else if (!COLUMN_TYPES.contains(type)) {
        errors.add(FieldError.invalid(at + ".type", type, types));
      }
      String format = c.path("format").asText("");
      if (!format.isEmpty() && !COLUMN_FORMATS.contains(format)) {
        errors.add(FieldError.invalid(at + ".format", format, "must be one of " + String.join(",", COLUMN_FORMATS)));
      }
      String jsonPath = c.path("jsonPath").asText("");
      if (jsonPath.isEmpty()) {
        errors.add(FieldError.required(at + ".JSONPath", ""));
      } else {
        errors.addAll(simpleJsonPath(jsonPath, at + ".jsonPath"));
      }
    }
    return errors;
  }
}
