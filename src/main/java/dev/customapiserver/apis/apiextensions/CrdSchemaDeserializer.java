package dev.customapiserver.apis.apiextensions;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.GoTypeError;
import dev.customapiserver.schema.JsonSchemaPropsTypes;
import java.io.IOException;

/**
 * A version's {@code schema}, kept as JSON, type-checked in a request body as kube's decoding into
 * {@code JSONSchemaProps} checks it ({@code required: [true]} is a 400, not a field named "true").
 */
final class CrdSchemaDeserializer extends JsonDeserializer<JsonNode> {
  @Override
  public JsonNode deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
    JsonNode value = ctx.readTree(p);
    if (Boolean.TRUE.equals(ctx.getAttribute(BodyDecoder.REQUEST_BODY))) {
      String error = JsonSchemaPropsTypes.validationError(value, "spec.versions.schema");
      if (error != null) {
        throw new GoTypeError(p, error);
      }
    }
    return value;
  }

  @Override
  public JsonNode getNullValue(DeserializationContext ctx) {
    return NullNode.getInstance();
  }
}
