package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.endpoints.openapi.OpenApiDocuments;
import dev.customapiserver.runtime.patch.StrategicMergePatch;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386) with Jakarta JSON-P, and strategic merge patch
 * with the merge metadata of the request version's wire type, on JSON documents.
 */
final class Patcher {
  static final String JSON_PATCH = "application/json-patch+json";
  static final String MERGE_PATCH = "application/merge-patch+json";
  /** The patch types this server implements: the same list OpenAPI advertises, so the two cannot drift apart. */
  static final List<String> SUPPORTED = OpenApiDocuments.PATCH_CONTENT_TYPES;

  private Patcher() {}

  /**
   * Applies {@code patch} of media type {@code type} to {@code target}; returns the patched JSON text.
   * A strategic merge patch merges lists as {@code wireType} (the versioned class of {@code target}) declares.
   */
  static String apply(String type, byte[] patch, String target, String kind, String name, StrategicMergePatch strategic,
      Class<?> wireType) {
    if (!SUPPORTED.contains(type)) {
      throw Errors.unsupportedMediaType(type, SUPPORTED);
    }
    if (type.equals(StrategicMergePatch.CONTENT_TYPE)) {
      return strategic.apply(target, patch, wireType);
    }
    JsonValue doc = read(target.getBytes(StandardCharsets.UTF_8));
    JsonValue p;
    try {
      p = read(patch);
    } catch (JsonException e) {
      throw Errors.badRequest("the body of the request could not be parsed as JSON: " + e.getMessage());
    }
    try {
      if (type.equals(JSON_PATCH)) {
        if (p.getValueType() != JsonValue.ValueType.ARRAY) {
          throw Errors.badRequest("json patch must be a JSON array of operations");
        }
        return Json.createPatch(p.asJsonArray()).apply(doc.asJsonObject()).toString();
      }
      if (p.getValueType() != JsonValue.ValueType.OBJECT) {
        throw Errors.badRequest("merge patch must be a JSON object");
      }
      JsonValue result = Json.createMergePatch(p).apply(doc);
      return result.toString();
    } catch (JsonException | ClassCastException | IllegalArgumentException e) {
      throw Errors.invalid(new Errors.Kind("", kind), name, List.of(
          new FieldError(FieldError.Type.INVALID, "patch", null, "the patch could not be applied: " + e.getMessage())));
    }
  }

  private static JsonValue read(byte[] json) {
    try (JsonReader r = Json.createReader(new StringReader(new String(json, StandardCharsets.UTF_8)))) {
      return r.readValue();
    }
  }
}
