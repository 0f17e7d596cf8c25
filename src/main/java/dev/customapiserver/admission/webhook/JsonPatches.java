package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.Errors;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

/** Applies a mutating webhook's JSON Patch (RFC 6902) with Jakarta JSON-P. */
final class JsonPatches {
  /**
   * One JSON-P provider: {@code Json.createXxx} looks the provider up with a ServiceLoader on every call,
   * which was a sixth of a merge patch's CPU.
   */
  private static final JsonProvider JSONP = JsonProvider.provider();

  private JsonPatches() {}

  /**
   * The patch's operations.
   *
   * @throws CallFailure if the bytes are not a JSON array (the webhook's fault: failurePolicy applies)
   */
  static JsonArray decode(byte[] patch) {
    try (JsonReader r = JSONP.createReader(new StringReader(new String(patch, StandardCharsets.UTF_8)))) {
      JsonValue v = r.readValue();
      if (v.getValueType() != JsonValue.ValueType.ARRAY) {
        throw new CallFailure("received undecodable patch in webhook response: a JSON Patch must be an array of operations");
      }
      return v.asJsonArray();
    } catch (JsonException e) {
      throw new CallFailure("received undecodable patch in webhook response: " + e.getMessage(), e);
    }
  }

  /** {@code target} patched; a patch that cannot be applied is a 500, as in kube-apiserver. */
  static JsonNode apply(ObjectMapper json, JsonArray patch, JsonNode target) {
    try {
      JsonStructure doc;
      try (JsonReader r = JSONP.createReader(new StringReader(json.writeValueAsString(target)))) {
        doc = r.read();
      }
      JsonStructure patched = JSONP.createPatch(patch).apply(doc);
      return json.readTree(patched.toString());
    } catch (JsonException | ClassCastException | IllegalArgumentException | JsonProcessingException e) {
      throw Errors.internal(e.getMessage(), e);
    }
  }
}
