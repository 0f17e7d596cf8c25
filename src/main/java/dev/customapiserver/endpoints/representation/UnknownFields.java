package dev.customapiserver.endpoints.representation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.schema.StructuralSchema;
import java.util.List;

/** The fields a custom resource's schema would prune from a body: what {@code fieldValidation} Strict and Warn report. */
final class UnknownFields {
  private UnknownFields() {}

  /** The pruned paths ({@code spec.foo}, {@code spec.ports[0].bar}), sorted, as kube lists them; {@code tree} is not changed. */
  static List<String> of(StructuralSchema schema, JsonNode tree) {
    if (!(tree instanceof ObjectNode o)) {
      return List.of();
    }
    return schema.prune(o.deepCopy());
  }
}
