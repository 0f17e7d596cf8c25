package dev.customapiserver.apis.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The structural-schema check of a CRD's {@code openAPIV3Schema}: the schema model's once it is
 * part of the build; until then, only that the schema is an object.
 */
final class SchemaChecks {
  private SchemaChecks() {}

  static BiFunction<JsonNode, String, List<FieldError>> available() {
    return (schema, path) -> schema.isObject() ? List.of()
        : List.of(FieldError.invalid(path, new FieldError.Raw(schema.toString()), "must be an object"));
  }
}
