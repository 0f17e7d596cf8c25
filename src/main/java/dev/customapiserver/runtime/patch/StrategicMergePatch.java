package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.PatchStrategy;
import java.io.IOException;

/**
 * Applies strategic merge patches ({@code application/strategic-merge-patch+json}) the way
 * kube-apiserver does, with the merge metadata ({@link PatchStrategy}) of a Java wire type. Errors
 * are {@link ApiException}s with Kubernetes' wording. Thread-safe; one instance may serve every type.
 */
public final class StrategicMergePatch {
  /** The media type of a strategic merge patch. */
  public static final String CONTENT_TYPE = "application/strategic-merge-patch+json";

  private final ObjectMapper mapper;
  private final PatchSchemas schemas;

  /** @param mapper the JSON mapper the wire types are (de)serialized with: it decides their JSON field names */
  public StrategicMergePatch(ObjectMapper mapper) {
    this.mapper = mapper;
    this.schemas = new PatchSchemas(mapper);
  }

  /**
   * The object {@code patch} makes of {@code original}, merging lists as {@code type} declares. Neither
   * argument is changed.
   *
   * @param original the current object, as JSON of {@code type}
   * @param patch    the patch: a JSON object (JSON {@code null} changes nothing)
   * @param type     the wire type of {@code original}, e.g. the versioned class of the request's version
   */
  public JsonNode apply(JsonNode original, JsonNode patch, Class<?> type) {
    if (patch == null || patch.isNull() || patch.isMissingNode()) {
      return original.deepCopy();
    }
    if (!patch.isObject()) {
      throw PatchErrors.badRequest("json: cannot unmarshal " + goKind(patch) + " into Go value of type " + PatchErrors.MAP);
    }
    ObjectNode target = original.isObject() ? (ObjectNode) original.deepCopy() : mapper.createObjectNode();
    return MapMerge.merge(target, ((ObjectNode) patch).deepCopy(), schemas.of(type));
  }

  /** {@link #apply(JsonNode, JsonNode, Class)} on JSON text; a patch that is not JSON is a 400. */
  public String apply(String originalJson, byte[] patch, Class<?> type) {
    JsonNode p;
    try {
      p = mapper.readTree(patch);
    } catch (JsonProcessingException e) {
      throw PatchErrors.badRequest("couldn't get version/kind; json parse error: invalid JSON");
    } catch (IOException e) {
      throw PatchErrors.badRequest("couldn't get version/kind; json parse error: invalid JSON");
    }
    try {
      JsonNode result = apply(mapper.readTree(originalJson), p, type);
      return mapper.writeValueAsString(result);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the current object is not valid JSON", e);
    }
  }

  private static String goKind(JsonNode v) {
    return switch (v.getNodeType()) {
      case ARRAY -> "array";
      case STRING -> "string";
      case BOOLEAN -> "bool";
      case NUMBER -> "number";
      default -> "object";
    };
  }
}
