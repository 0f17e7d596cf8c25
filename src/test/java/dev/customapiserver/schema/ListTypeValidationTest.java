package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.json;
import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code x-kubernetes-list-type} set and map duplicates as kube's listtype/validation.go reports them:
 * {@code Duplicate value} at the second appearance only, a map's key fields as Go's JSON (keys sorted).
 */
@DisplayName("x-kubernetes-list-type set and map: kube's Duplicate value errors")
class ListTypeValidationTest {
  private static final StructuralSchema SCHEMA = StructuralSchema.fromOpenApiV3(yaml("""
      type: object
      properties:
        spec:
          type: object
          properties:
            ports:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [name]
              items:
                type: object
                required: [name]
                properties:
                  name: {type: string}
                  port: {type: integer}
            pairs:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [zone, b]
              items:
                type: object
                required: [zone, b]
                properties:
                  zone: {type: string}
                  b: {type: integer}
            tags:
              type: array
              x-kubernetes-list-type: set
              items: {type: string}
            nums:
              type: array
              x-kubernetes-list-type: set
              items: {type: number}
            selectors:
              type: array
              x-kubernetes-list-type: set
              items:
                type: object
                x-kubernetes-map-type: atomic
                properties:
                  k: {type: string}
                  a: {type: string}
            groups:
              type: object
              additionalProperties:
                type: array
                x-kubernetes-list-type: set
                items: {type: string}
      """));

  static List<String> errors(String object) {
    return SCHEMA.validateListSetsAndMaps(json(object)).stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("map: the second appearance of a key, with only the key fields; a third is not reported again")
  void mapKeys() {
    assertThat(errors("""
        {"spec":{"ports":[{"name":"http","port":80},{"name":"http","port":81},{"name":"http","port":82},
                          {"name":"x"},{"name":"x"}],
                 "pairs":[{"zone":"a","b":1},{"b":1,"zone":"a"},{"zone":"a","b":2}]}}
        """)).containsExactly(
        "spec.ports[1]: Duplicate value: {\"name\":\"http\"}",
        "spec.ports[4]: Duplicate value: {\"name\":\"x\"}",
        "spec.pairs[1]: Duplicate value: {\"b\":1,\"zone\":\"a\"}");
  }

  @Test
  @DisplayName("set: strings quoted, numbers as Go prints them, objects as Go's JSON; 1 and 1.0 differ as scalars")
  void sets() {
    assertThat(errors("""
        {"spec":{"tags":["a","b","a","a","c","c"],"nums":[1,2,1,1.0,1.5,1.5],
                 "selectors":[{"k":"v","a":"<"},{"a":"<","k":"v"}],"groups":{"g1":["x","x"]}}}
        """)).containsExactly(
        "spec.tags[2]: Duplicate value: \"a\"",
        "spec.tags[5]: Duplicate value: \"c\"",
        "spec.nums[2]: Duplicate value: 1",
        "spec.nums[5]: Duplicate value: 1.5",
        "spec.selectors[1]: Duplicate value: {\"a\":\"\\u003c\",\"k\":\"v\"}",
        "spec.groups[g1][1]: Duplicate value: \"x\"");
  }

  @Test
  @DisplayName("map: a missing key is {}, an item that is no object is kube's Invalid value; no duplicates, no errors")
  void missingKeysAndNonObjects() {
    assertThat(errors("{\"spec\":{\"ports\":[{\"port\":1},{\"port\":2}]}}"))
        .containsExactly("spec.ports[1]: Duplicate value: {}");
    assertThat(errors("{\"spec\":{\"ports\":[{\"name\":\"a\"},\"b\",3]}}"))
        .containsExactly("spec.ports[1]: Invalid value: \"b\": must be an object for an array of list-type map");
    assertThat(errors("{\"spec\":{\"ports\":[{\"name\":\"a\"},{\"name\":\"b\"}],\"tags\":[\"a\",\"b\"]}}")).isEmpty();
  }
}
