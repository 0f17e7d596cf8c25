package dev.customapiserver.endpoints.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.endpoints.openapi.OpenApiDocuments;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.patch.StrategicMergePatch;
import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386) with Jakarta JSON-P, and strategic merge patch
 * with the merge metadata of the request version's wire type, on JSON documents.
 */
final class Patcher {
  /**
   * One JSON-P provider: {@code Json.createXxx} looks the provider up with a ServiceLoader on every call,
   * which was a sixth of a merge patch's CPU.
   */
  private static final JsonProvider JSONP = JsonProvider.provider();

  static final String JSON_PATCH = "application/json-patch+json";
  static final String MERGE_PATCH = "application/merge-patch+json";
  /** The patch types this server implements: the same list OpenAPI advertises, so the two cannot drift apart. */
  static final List<String> SUPPORTED = OpenApiDocuments.PATCH_CONTENT_TYPES;

  private Patcher() {}

  /**
   * Applies {@code patch} of media type {@code type} to {@code target}; returns the patched JSON text.
   * A strategic merge patch merges lists as {@code wireType} (the versioned class of {@code target}) declares.
   */
  static String apply(String type, BodyDecoder decoder, byte[] patch, String target, String kind, String name,
      StrategicMergePatch strategic, Class<?> wireType) {
    if (!SUPPORTED.contains(type)) {
      throw Errors.unsupportedMediaType(type, SUPPORTED);
    }
    JsonNode parsed = decoder.parseJson(patch);
    if (type.equals(StrategicMergePatch.CONTENT_TYPE)) {
      return strategic.apply(target, parsed.toString().getBytes(StandardCharsets.UTF_8), wireType);
    }
    try {
      JsonValue doc = read(target);
      JsonValue p = read(parsed.toString());
      if (type.equals(JSON_PATCH)) {
        if (p.getValueType() != JsonValue.ValueType.ARRAY) {
          throw Errors.badRequest("json: cannot unmarshal " + (p.getValueType() == JsonValue.ValueType.OBJECT ? "object" : "value")
              + " into Go value of type jsonpatch.Patch");
        }
        return JsonPatchOperations.apply(p.asJsonArray(), doc.asJsonObject()).toString();
      }
      if (p.getValueType() != JsonValue.ValueType.OBJECT) {
        throw Errors.badRequest("merge patch must be a JSON object");
      }
      JsonValue result = JSONP.createMergePatch(p).apply(doc);
      return result.toString();
    } catch (JsonException | ClassCastException | IllegalArgumentException e) {
      // JSON-P's words for a patch that does not apply are plain, its class names are not
      String why = e instanceof JsonException && e.getMessage() != null && !e.getMessage().matches("(?s).*(\\w+\\.){2,}\\w+.*")
          ? e.getMessage() : "the patch does not fit the object";
      throw Errors.invalid(new Errors.Kind("", kind), name, List.of(
          new FieldError(FieldError.Type.INVALID, "patch", null, "the patch could not be applied: " + why)));
    } catch (ApiException e) {
      throw e;
    } catch (RuntimeException e) {
      // JSON-P's own limits (depth, size) end here: the input is at fault, and its words are the library's
      throw Errors.badRequest("the patch could not be applied: it nests too deeply or is too large");
    }
  }

  private static JsonValue read(String json) {
    try (JsonReader r = JSONP.createReader(new StringReader(json))) {
      return r.readValue();
    }
  }
}
