package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A CRD's openAPIV3Schema checked as kube-apiserver checks it, with its messages. */
@DisplayName("CRD schema checks")
class SchemaChecksTest {
  private static final String AT = "spec.versions[0].schema.openAPIV3Schema";

  private static List<String> check(String yaml) {
    return StructuralSchema.check(yaml(yaml), AT).stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("a structural schema passes")
  void fine() {
    assertThat(check("""
        type: object
        properties:
          metadata: {type: object, properties: {name: {type: string, maxLength: 10}}}
          spec:
            type: object
            properties:
              port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}
              raw: {type: object, x-kubernetes-preserve-unknown-fields: true}
              template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [port]
                items: {type: object, required: [port], properties: {port: {type: integer}}}
        """)).isEmpty();
  }

  @Test
  @DisplayName("types must be specified: at the root, for fields and for items")
  void typesRequired() {
    assertThat(check("properties: {spec: {properties: {a: {}}}, list: {type: array, items: {}}}")).containsExactly(
        AT + ".properties[list].items.type: Required value: must not be empty for specified array items",
        AT + ".properties[spec].properties[a].type: Required value: must not be empty for specified object fields",
        AT + ".properties[spec].type: Required value: must not be empty for specified object fields",
        AT + ".type: Required value: must not be empty at the root");
  }

  @Test
  @DisplayName("the root is an object without additionalProperties; arrays need items")
  void root() {
    assertThat(check("type: string")).containsExactly(AT + ".type: Invalid value: \"string\": must be object at the root");
    assertThat(check("type: object\nadditionalProperties: {type: string}"))
        .containsExactly(AT + ".additionalProperties: Forbidden: must not be used at the root");
    assertThat(check("type: object\nproperties: {a: {type: array}}"))
        .containsExactly(AT + ".properties[a].items: Required value: must be specified");
  }

  @Test
  @DisplayName("metadata may restrict name and generateName only")
  void metadata() {
    assertThat(check("type: object\nproperties: {metadata: {type: object, properties: {labels: {type: object}}}}"))
        .containsExactly(AT + ".properties[metadata]: Forbidden: must not specify anything other than name and generateName, "
            + "but metadata is implicitly specified");
    assertThat(check("type: object\nproperties: {metadata: {type: string}}"))
        .containsExactly(AT + ".properties[metadata].type: Invalid value: \"string\": must be object");
  }

  @Test
  @DisplayName("value validations must not carry structure")
  void nested() {
    assertThat(check("type: object\nproperties: {a: {type: string, anyOf: [{type: string}, {description: x}]}}"))
        .containsExactly(AT + ".properties[a].anyOf[0].type: Forbidden: must be empty to be structural",
            AT + ".properties[a].anyOf[1].description: Forbidden: must be empty to be structural");
    assertThat(check("type: object\nproperties: {a: {type: object, allOf: [{properties: {b: {minLength: 1}}}]}}"))
        .containsExactly(AT + ".properties[a].properties[b]: Required value: because it is defined in " + AT
            + ".properties[a].allOf[0].properties[b]");
  }

  @Test
  @DisplayName("extensions: embedded resources, int-or-string, preserve-unknown-fields")
  void extensions() {
    assertThat(check("type: object\nproperties: {e: {type: string, x-kubernetes-embedded-resource: true}}")).contains(
        AT + ".properties[e].type: Invalid value: \"string\": must be object if x-kubernetes-embedded-resource is true");
    assertThat(check("type: object\nproperties: {e: {type: object, x-kubernetes-embedded-resource: true}}")).containsExactly(
        AT + ".properties[e].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without "
            + "x-kubernetes-preserve-unknown-fields");
    assertThat(check("type: object\nproperties: {p: {x-kubernetes-int-or-string: true, x-kubernetes-preserve-unknown-fields: true}}"))
        .containsExactly(AT + ".properties[p].x-kubernetes-preserve-unknown-fields: Invalid value: true: "
            + "must be false if x-kubernetes-int-or-string is true");
    assertThat(check("type: object\nx-kubernetes-preserve-unknown-fields: false"))
        .containsExactly(AT + ".x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined");
  }

  @Test
  @DisplayName("OpenAPI features CRDs do not support")
  void unsupported() {
    assertThat(check("type: object\nproperties: {a: {type: array, uniqueItems: true, items: {type: string}}}")).containsExactly(
        AT + ".properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic");
    assertThat(check("type: object\nproperties: {a: {$ref: '#/definitions/x', type: string}}"))
        .containsExactly(AT + ".properties[a].$ref: Forbidden: $ref is not supported");
    assertThat(check("type: object\nproperties: {a: {type: object, properties: {b: {type: string}}, additionalProperties: {type: string}}}"))
        .containsExactly(AT + ".properties[a].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive");
    assertThat(check("type: object\nproperties: {a: {type: thing}}")).containsExactly(AT
        + ".properties[a].type: Unsupported value: \"thing\": supported values: \"array\", \"boolean\", \"integer\", \"number\", \"object\", \"string\"");
    assertThat(check("type: object\nproperties: {metadata: {type: object, default: {}}}"))
        .contains(AT + ".properties[metadata].default: Forbidden: must not be set in top-level metadata");
  }

  @Test
  @DisplayName("list types and map keys")
  void lists() {
    assertThat(check("type: object\nproperties: {a: {type: string, x-kubernetes-list-type: set}}"))
        .containsExactly(AT + ".properties[a].type: Invalid value: \"string\": must be array if x-kubernetes-list-type is specified");
    assertThat(check("type: object\nproperties: {a: {type: array, x-kubernetes-list-type: map, items: {type: object, properties: {k: {type: string}}}}}"))
        .containsExactly(AT + ".properties[a].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map");
    assertThat(check("type: object\nproperties: {a: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], "
        + "items: {type: object, properties: {k: {type: string}}}}}")).containsExactly(AT + ".properties[a].items.properties[k]: "
        + "Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property");
    assertThat(check("type: object\nproperties: {a: {type: array, x-kubernetes-list-type: list, items: {type: string}}}"))
        .containsExactly(AT + ".properties[a].x-kubernetes-list-type: Unsupported value: \"list\": supported values: \"atomic\", \"set\", \"map\"");
  }

  @Test
  @DisplayName("defaults must validate against their schema")
  void defaults() {
    assertThat(check("type: object\nproperties: {spec: {type: object, properties: {replicas: {type: integer, default: 'one'}}}}"))
        .containsExactly(AT + ".properties[spec].properties[replicas].default: Invalid value: \"string\":  in body must be of type "
            + "integer: \"string\"");
  }

  @Test
  @DisplayName("fromOpenApiV3 refuses a schema that fails the checks")
  void refuses() {
    assertThatThrownBy(() -> StructuralSchema.fromOpenApiV3(yaml("type: string")))
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessage("openAPIV3Schema.type: Invalid value: \"string\": must be object at the root");
  }

  @Test
  @DisplayName("a stored definition whose default breaks its schema is still served with that schema, as kube serves it: "
      + "only a create or update of the definition refuses the default")
  void storedBadDefaultStillServed() {
    String schema = "type: object\nproperties: {spec: {type: object, default: {}, properties: {replicas: {type: integer, default: 'one'}}}}";
    assertThat(check(schema)).hasSize(1);
    StructuralSchema served = StructuralSchema.fromOpenApiV3(yaml(schema));
    assertThat(served.validate(yaml("{spec: {replicas: 'x'}}"))).extracting(FieldError::toString)
        .containsExactly("spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"");
  }

  @Test
  @DisplayName("a missing schema is required")
  void missing() {
    assertThat(StructuralSchema.check(null, AT)).extracting(FieldError::toString)
        .containsExactly(AT + ": Required value: schemas are required");
  }
}
