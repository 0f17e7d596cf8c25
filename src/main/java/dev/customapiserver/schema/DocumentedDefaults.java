package dev.customapiserver.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.lang.reflect.Field;
import java.util.Optional;

/**
 * Reads the {@link Default} of a field as the JSON value it stands for: the OpenAPI builder writes it,
 * and the groups' tests compare it with what their defaulters apply.
 */
public final class DocumentedDefaults {
  private DocumentedDefaults() {}

  /**
   * The documented default of {@code field}, empty without {@link Default}.
   *
   * @throws IllegalArgumentException if a non-string field's default is not JSON
   */
  public static Optional<JsonNode> of(Field field) {
    Default d = field.getAnnotation(Default.class);
    if (d == null) {
      return Optional.empty();
    }
    if (field.getType() == String.class) {
      return Optional.of(TextNode.valueOf(d.value()));
    }
    try {
      JsonNode value = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build().readTree(d.value());
      if (value != null && !value.isMissingNode()) {
        return Optional.of(value);
      }
    } catch (JsonProcessingException e) {
      throw notJson(field, d, e);
    }
    throw notJson(field, d, null);
  }

  private static IllegalArgumentException notJson(Field field, Default d, Exception cause) {
    return new IllegalArgumentException("@Default of " + field.getDeclaringClass().getName() + "." + field.getName()
        + " is not JSON: " + d.value(), cause);
  }
}
