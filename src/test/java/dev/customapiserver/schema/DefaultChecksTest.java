package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.schema.cel.CelValidator;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A CRD schema's defaults checked as kube's structuraldefaulting.ValidateDefaults checks them, with its messages. */
@DisplayName("CRD schema checks: defaults that violate their own schema")
class DefaultChecksTest {
  private static final String AT = "spec.validation.openAPIV3Schema";

  private static List<String> check(String yaml) {
    return StructuralSchema.check(yaml(yaml), AT, CelValidator::checkDefault).stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("a default with unknown fields: first that (its value as Go's json.Marshal writes it), then its schema errors")
  void unknownFieldsThenSchema() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas: {type: integer}
            default: {size: 3, replicas: "many"}
        """)).containsExactly(
        AT + ".properties[spec].default: Invalid value: {\"replicas\":\"many\",\"size\":3}: must not have unknown fields",
        AT + ".properties[spec].default.replicas: Invalid value: \"string\": replicas in body must be of type integer: \"string\"");
  }

  @Test
  @DisplayName("a scalar default is checked at the default itself")
  void scalar() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: string, maxLength: 3, default: "enormous"}
              mode: {type: string, enum: [a, b], default: c}
        """)).containsExactly(
        AT + ".properties[spec].properties[size].default: Too long: may not be more than 3 bytes",
        AT + ".properties[spec].properties[mode].default: Unsupported value: \"c\": supported values: \"a\", \"b\"");
  }

  @Test
  @DisplayName("list and map defaults: items named [i] (default.[0]), map values .key, as kube-openapi names them")
  void listsAndMaps() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              ports:
                type: array
                items: {type: object, properties: {port: {type: integer}}}
                default: [{port: 80, name: http}]
              args: {type: array, items: {type: string}, default: [1]}
              labels: {type: object, additionalProperties: {type: string}, default: {a: 1}}
        """)).containsExactly(
        AT + ".properties[spec].properties[ports].default: Invalid value: [{\"name\":\"http\",\"port\":80}]: must not have unknown fields",
        AT + ".properties[spec].properties[args].default.[0]: Invalid value: \"integer\": [0] in body must be of type string: \"integer\"",
        AT + ".properties[spec].properties[labels].default.a: Invalid value: \"integer\": .a in body must be of type string: \"integer\"");
  }

  @Test
  @DisplayName("a default that passes its schema must pass its node's rules")
  void rules() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas: {type: integer}
            x-kubernetes-validations: [{rule: "self.replicas < 10", message: "at most 9 replicas"}]
            default: {replicas: 20}
        """)).containsExactly(AT + ".properties[spec].default: Invalid value: at most 9 replicas");
  }

  @Test
  @DisplayName("default errors come before the OpenAPI restrictions'; defaults under additionalProperties are not checked, as in kube")
  void orderAndAdditionalProperties() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              tags: {type: array, uniqueItems: true, items: {type: string}}
              size: {type: string, default: 5}
              counts: {type: object, additionalProperties: {type: integer, default: "x"}}
        """)).containsExactly(
        AT + ".properties[spec].properties[size].default: Invalid value: \"integer\":  in body must be of type string: \"integer\"",
        AT + ".properties[spec].properties[tags].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime "
            + "complexity becomes quadratic");
  }

  @Test
  @DisplayName("inside an embedded resource's metadata a default is not pruned, only validated")
  void embeddedMetadata() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            properties:
              template:
                type: object
                x-kubernetes-embedded-resource: true
                properties:
                  metadata: {type: object, default: {labels: {a: b}}}
        """)).isEmpty();
  }
}
