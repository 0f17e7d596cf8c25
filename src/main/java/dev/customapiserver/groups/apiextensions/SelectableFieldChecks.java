package dev.customapiserver.groups.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.schema.cel.FieldPaths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A CRD's selectableFields checked as kube's ValidateCustomResourceSelectableFields checks them, at
 * the path kube's v1 conversion gives them ({@code spec.selectableFields} when every version has the
 * same, else {@code spec.versions[i].selectableFields}): a jsonPath is required, must name a field of
 * the schema (the CEL fieldPath rules), not in metadata, of type string, boolean or integer, once;
 * at most 8.
 */
final class SelectableFieldChecks {
  static final int MAX = 8;

  private SelectableFieldChecks() {}

  static List<FieldError> validate(List<CustomResourceDefinition.Version> versions) {
    List<FieldError> errors = new ArrayList<>();
    if (versions.isEmpty()) {
      return errors;
    }
    boolean same = versions.stream().allMatch(v -> Objects.equals(v.selectableFields, versions.get(0).selectableFields));
    boolean sameSchema = versions.stream().allMatch(v -> Objects.equals(v.openApiV3Schema(), versions.get(0).openApiV3Schema()));
    if (same) {
      List<JsonNode> fields = versions.get(0).selectableFields;
      if (fields != null && !fields.isEmpty()) {
        JsonNode schema = sameSchema ? versions.get(0).openApiV3Schema() : null;
        if (schema == null) {
          errors.add(FieldError.invalid("spec.selectableFields", "", "may only be set when validations.schema is included"));
        } else {
          errors.addAll(check(fields, schema, "spec.selectableFields"));
        }
      }
      return errors;
    }
    for (int i = 0; i < versions.size(); i++) {
      CustomResourceDefinition.Version v = versions.get(i);
      if (v.selectableFields == null || v.selectableFields.isEmpty()) {
        continue;
      }
      String path = "spec.versions[" + i + "].selectableFields";
      if (v.openApiV3Schema() == null) {
        errors.add(FieldError.invalid(path, "", "may only be set when `version.schema.openAPIV3Schema` is not included"));
      } else {
        errors.addAll(check(v.selectableFields, v.openApiV3Schema(), path));
      }
    }
    return errors;
  }

  private static List<FieldError> check(List<JsonNode> fields, JsonNode openApiV3Schema, String path) {
    List<FieldError> errors = new ArrayList<>();
    StructuralSchema schema;
    try {
      schema = StructuralSchema.fromOpenApiV3(openApiV3Schema);
    } catch (RuntimeException e) {
      return errors; // the schema's own errors are reported where it is checked
    }
    Set<String> unique = new LinkedHashSet<>();
    for (int i = 0; i < fields.size(); i++) {
      String at = path + "[" + i + "].jsonPath";
      String jsonPath = fields.get(i) == null ? "" : fields.get(i).path("jsonPath").asText("");
      if (jsonPath.isEmpty()) {
        errors.add(FieldError.required(at, ""));
        continue;
      }
      FieldPaths.Result found = FieldPaths.parse(jsonPath, schema);
      if (found.error() != null) {
        errors.add(FieldError.invalid(at, jsonPath, "is an invalid path: " + found.error()));
        continue;
      }
      if (found.path().equals("metadata") || found.path().startsWith("metadata.") || found.path().startsWith("metadata[")) {
        errors.add(FieldError.invalid(at, jsonPath, "must not point to fields in metadata"));
      }
      String type = found.schema() == null ? "" : found.schema().type();
      if (!List.of("string", "boolean", "integer").contains(type)) {
        errors.add(FieldError.invalid(at, jsonPath,
            "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed."));
      }
      if (!unique.add(found.path())) {
        errors.add(FieldError.duplicate(at, jsonPath));
      }
    }
    if (unique.size() > MAX) {
      errors.add(new FieldError(FieldError.Type.TOO_MANY, path, null, unique.size() + ": must have at most " + MAX + " items"));
    }
    return errors;
  }
}
