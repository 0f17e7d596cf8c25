package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.Default;
import dev.customapiserver.runtime.DocumentedDefaults;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Optional;

/**
 * The values a field documents as kube-apiserver's OpenAPI does for built-in types: {@code enum} from
 * {@link dev.customapiserver.runtime.Enum} (on the items of a list) and {@code default} from
 * {@link Default}.
 */
final class DocumentedValues {
  private DocumentedValues() {}

  /** Writes the enum and default {@code field} declares onto its property schema {@code s}. */
  static void apply(ObjectNode s, Field field) {
    dev.customapiserver.runtime.Enum e = field.getAnnotation(dev.customapiserver.runtime.Enum.class);
    if (e != null) {
      ObjectNode target = s.path("type").asText("").equals("array") && s.path("items").isObject()
          ? (ObjectNode) s.get("items") : s;
      ArrayNode values = target.putArray("enum");
      for (String v : e.value()) {
        values.add(v);
      }
    }
    Optional<JsonNode> d = DocumentedDefaults.of(field);
    if (d.isPresent()) {
      if (e != null && d.get().isTextual() && !List.of(e.value()).contains(d.get().asText())) {
        throw new IllegalStateException("@Default of " + field.getDeclaringClass().getName() + "." + field.getName()
            + " is not one of its @Enum values: " + d.get().asText());
      }
      s.set("default", d.get());
    }
  }
}
