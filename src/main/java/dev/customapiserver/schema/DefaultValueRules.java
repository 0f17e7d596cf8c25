package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.List;

/**
 * The {@code x-kubernetes-validations} rules a CRD schema's default value must pass, as kube checks a
 * default after its schema validation succeeded (the CEL room supplies this, see
 * {@link StructuralSchema#check(JsonNode, String, DefaultValueRules)}).
 */
@FunctionalInterface
public interface DefaultValueRules {
  /** No rules checked. */
  DefaultValueRules NONE = (node, resourceRoot, value, path) -> List.of();

  /**
   * The failures of the rules of {@code node} and below on its default {@code value}; {@code resourceRoot}
   * when the node is the resource's root or an embedded resource; field paths start at {@code path}
   * (the default's, e.g. {@code ...properties[spec].default}).
   */
  List<FieldError> check(StructuralSchema node, boolean resourceRoot, JsonNode value, String path);
}
