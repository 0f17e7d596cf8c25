package dev.customapiserver.groups.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.schema.cel.CelValidator;
import java.util.List;

/**
 * The check of a CRD's {@code openAPIV3Schema}: the schema model's structural rules and defaults (each
 * default also against its rules), then (on a structural schema) the compilation of its
 * {@code x-kubernetes-validations} rules, with kube's messages.
 */
public final class CrdSchemaChecks {
  private CrdSchemaChecks() {}

  static CrdStrategy.SchemaCheck available() {
    return (schema, path, requirePrunedDefaults) -> {
      List<FieldError> errors = StructuralSchema.check(schema, path, CelValidator::checkDefault, requirePrunedDefaults);
      return errors.isEmpty() ? CelValidator.check(StructuralSchema.fromOpenApiV3(schema), path) : errors;
    };
  }
}
