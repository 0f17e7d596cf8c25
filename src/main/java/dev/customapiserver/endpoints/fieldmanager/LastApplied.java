package dev.customapiserver.endpoints.fieldmanager;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * kubectl's client-side-apply annotation as the apiserver uses it for {@code kubectl apply
 * --server-side}: conflicts on fields whose live value is still what was last applied client-side
 * are allowed, and the annotation is kept in step with what is applied server-side.
 */
final class LastApplied {
  static final String ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";
  static final String KUBECTL = "kubectl";

  private LastApplied() {}

  /** The fields the annotation sets whose live value is unchanged since; null without a usable annotation. */
  static FieldSet allowedConflicts(JsonNode live, Schema schema, ObjectMapper json) {
    String text = live.path("metadata").path("annotations").path(ANNOTATION).asText("");
    if (text.isEmpty()) {
      return null;
    }
    JsonNode last;
    try {
      last = json.readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
    if (last == null || !last.isObject()) {
      return null;
    }
    Comparison c = Comparison.of(last, live, schema);
    return SchemaTrees.fieldSet(last, schema).difference(c.modified());
  }

  /** Rewrites the annotation on {@code merged} from the applied configuration, if the object has it. */
  static void sync(ObjectNode merged, JsonNode config, ObjectMapper json) {
    JsonNode annotations = merged.path("metadata").path("annotations");
    if (!annotations.isObject() || !annotations.has(ANNOTATION)) {
      return;
    }
    ObjectNode copy = config.deepCopy();
    JsonNode own = copy.path("metadata").path("annotations");
    if (own.isObject()) {
      ((ObjectNode) own).remove(ANNOTATION);
    }
    try {
      ((ObjectNode) annotations).put(ANNOTATION, json.writeValueAsString(copy));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
