package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A CRD schema's values of the wrong JSON kind, in Go's words as kube decodes JSONSchemaProps")
class JsonSchemaPropsTypesTest {
  static final String AT = "spec.versions.schema";

  static String check(String yaml) {
    return JsonSchemaPropsTypes.validationError(yaml(yaml), AT);
  }

  @Test
  @DisplayName("kube-apiserver 1.36.2's answer for required: [true] under a property (map keys left out of the path)")
  void requiredBool() {
    assertThat(check("openAPIV3Schema: {type: object, properties: {spec: {type: object, required: [true]}}}"))
        .isEqualTo("json: cannot unmarshal bool into Go struct field JSONSchemaProps.spec.versions.schema.openAPIV3Schema"
            + ".properties.required of type string");
  }

  @Test
  @DisplayName("scalars, lists, nested schemas (items, allOf, not) and rules: the first wrong value in document order")
  void kinds() {
    assertThat(check("openAPIV3Schema: {type: 1}")).isEqualTo(
        "json: cannot unmarshal number into Go struct field JSONSchemaProps." + AT + ".openAPIV3Schema.type of type string");
    assertThat(check("openAPIV3Schema: {type: object, maxProperties: 1.5, minProperties: x}")).isEqualTo(
        "json: cannot unmarshal number 1.5 into Go struct field JSONSchemaProps." + AT + ".openAPIV3Schema.maxProperties of type int64");
    assertThat(check("openAPIV3Schema: {type: object, required: x}")).isEqualTo(
        "json: cannot unmarshal string into Go struct field JSONSchemaProps." + AT + ".openAPIV3Schema.required of type []string");
    assertThat(check("openAPIV3Schema: {type: array, items: {type: string, nullable: 'yes'}}")).isEqualTo(
        "json: cannot unmarshal string into Go struct field JSONSchemaProps." + AT + ".openAPIV3Schema.items.nullable of type bool");
    assertThat(check("openAPIV3Schema: {type: object, allOf: [{not: [1]}]}")).isEqualTo(
        "json: cannot unmarshal array into Go struct field JSONSchemaProps." + AT + ".openAPIV3Schema.allOf.not of type v1.JSONSchemaProps");
    assertThat(check("openAPIV3Schema: {type: object, x-kubernetes-validations: [{rule: 1}]}")).isEqualTo(
        "json: cannot unmarshal number into Go struct field ValidationRule." + AT + ".openAPIV3Schema.x-kubernetes-validations.rule "
            + "of type string");
    assertThat(check("openAPIV3Schema: []")).isEqualTo(
        "json: cannot unmarshal array into Go struct field CustomResourceValidation." + AT + ".openAPIV3Schema of type v1.JSONSchemaProps");
  }

  @Test
  @DisplayName("well-typed schemas, nulls and the free-form fields (default, enum, example) pass")
  void fine() {
    assertThat(check("openAPIV3Schema: {type: object, description: null, properties: {a: {type: integer, maximum: 1.5, default: x,"
        + " enum: [1, a], x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: self > 1, optionalOldSelf: null}]}},"
        + " additionalProperties: false}")).isNull();
    assertThat(check("null")).isNull();
  }
}
