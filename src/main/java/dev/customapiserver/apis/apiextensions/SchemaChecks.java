package dev.customapiserver.apis.apiextensions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.StructuralSchema;
import java.util.List;
import java.util.function.BiFunction;

/** The structural-schema check of a CRD's {@code openAPIV3Schema}: the schema model's, with kube's messages. */
final class SchemaChecks {
  private SchemaChecks() {}

  static BiFunction<JsonNode, String, List<FieldError>> available() {
    return StructuralSchema::check;
  }
}
