package dev.customapiserver.schema.cel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.StructuralSchema;
import java.util.List;

/** Test helper: schemas and objects from YAML/JSON literals, errors as kube prints them. */
final class Schemas {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private Schemas() {}

  static StructuralSchema schema(String yaml) {
    return StructuralSchema.fromOpenApiV3(yaml(yaml));
  }

  static JsonNode yaml(String text) {
    try {
      return YAML.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static List<String> strings(List<FieldError> errors) {
    return errors.stream().map(FieldError::toString).toList();
  }

  /** The errors of {@code object} (JSON, ' for ") against the rules of {@code yaml}. */
  static List<String> errors(String yaml, String object) {
    return strings(CelValidator.of(schema(yaml)).validate(json(object), null));
  }

  static List<String> errors(String yaml, String object, String old) {
    return strings(CelValidator.of(schema(yaml)).validate(json(object), json(old)));
  }
}
