package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.json;
import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Custom resources validated against their schema: kube-apiserver's 422 causes, keyword by keyword. */
@DisplayName("Schema validation of custom resources")
class ValidationTest {
  private static final StructuralSchema CRONTAB = StructuralSchema.fromOpenApiV3(yaml("""
      type: object
      properties:
        spec:
          type: object
          required: [cronSpec]
          properties:
            cronSpec:
              type: string
              pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$'
            image:
              type: string
              maxLength: 10
              minLength: 2
            replicas:
              type: integer
              minimum: 1
              maximum: 10
            ratio:
              type: number
              exclusiveMaximum: true
              maximum: 1.5
              multipleOf: 0.5
            mode:
              type: string
              enum: [Fast, Slow]
            level:
              type: integer
              enum: [1, 2]
            port:
              x-kubernetes-int-or-string: true
            nothing:
              type: string
              nullable: true
            when:
              type: string
              format: date-time
            id:
              type: string
              format: uuid
            tags:
              type: array
              minItems: 1
              maxItems: 2
              items:
                type: string
            labels:
              type: object
              maxProperties: 1
              additionalProperties:
                type: string
            selector:
              type: object
              minProperties: 1
              additionalProperties:
                type: string
            ports:
              type: array
              items:
                type: object
                properties:
                  port:
                    type: integer
      """));

  private static List<String> errors(String spec) {
    return CRONTAB.validate(json("{'apiVersion':'stable.example.com/v1','kind':'CronTab','metadata':{'name':'x'},'spec':" + spec + "}"))
        .stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("a valid object has no errors")
  void valid() {
    assertThat(errors("{'cronSpec':'* * * * */5','image':'nginx','replicas':3,'ratio':1,'mode':'Fast','level':2,'port':'http',"
        + "'nothing':null,'when':'2024-01-02T03:04:05Z','id':'123e4567-e89b-12d3-a456-426614174000','tags':['a'],"
        + "'labels':{'a':'b'},'selector':{'a':'b'},'ports':[{'port':80}]}")).isEmpty();
  }

  @Test
  @DisplayName("type: wrong JSON types are FieldValueTypeInvalid with kube's message")
  void types() {
    assertThat(errors("{'cronSpec':'* * * * *','replicas':'three'}"))
        .containsExactly("spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"");
    assertThat(errors("{'cronSpec':'* * * * *','replicas':1.5}"))
        .containsExactly("spec.replicas: Invalid value: \"number\": spec.replicas in body must be of type integer: \"number\"");
    assertThat(errors("{'cronSpec':'* * * * *','replicas':2.0}")).isEmpty();
    assertThat(errors("{'cronSpec':'* * * * *','ratio':1}")).isEmpty();
    assertThat(CRONTAB.validate(json("{'spec':{'cronSpec':'* * * * *','replicas':'x'}}")).get(0).type().causeReason())
        .isEqualTo("FieldValueTypeInvalid");
  }

  @Test
  @DisplayName("nullable: null is refused unless nullable")
  void nullable() {
    assertThat(errors("{'cronSpec':'* * * * *','image':null}"))
        .containsExactly("spec.image: Invalid value: \"null\": spec.image in body must be of type string: \"null\"");
    assertThat(errors("{'cronSpec':'* * * * *','nothing':null}")).isEmpty();
  }

  @Test
  @DisplayName("required: a missing field is Required value")
  void required() {
    assertThat(errors("{}")).containsExactly("spec.cronSpec: Required value");
  }

  @Test
  @DisplayName("pattern, minLength, maxLength")
  void strings() {
    assertThat(errors("{'cronSpec':'every minute'}")).containsExactly(
        "spec.cronSpec: Invalid value: \"every minute\": spec.cronSpec in body should match '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$'");
    assertThat(errors("{'cronSpec':'* * * * *','image':'a'}"))
        .containsExactly("spec.image: Invalid value: \"a\": spec.image in body should be at least 2 chars long");
    assertThat(errors("{'cronSpec':'* * * * *','image':'nginx:1.25.3'}"))
        .containsExactly("spec.image: Too long: may not be more than 10 bytes");
  }

  @Test
  @DisplayName("minimum, maximum, exclusiveMaximum, multipleOf")
  void numbers() {
    assertThat(errors("{'cronSpec':'* * * * *','replicas':0}"))
        .containsExactly("spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1");
    assertThat(errors("{'cronSpec':'* * * * *','replicas':11}"))
        .containsExactly("spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10");
    assertThat(errors("{'cronSpec':'* * * * *','ratio':1.5}"))
        .containsExactly("spec.ratio: Invalid value: 1.5: spec.ratio in body should be less than 1.5");
    assertThat(errors("{'cronSpec':'* * * * *','ratio':0.7}"))
        .containsExactly("spec.ratio: Invalid value: 0.7: spec.ratio in body should be a multiple of 0.5");
  }

  @Test
  @DisplayName("enum: Unsupported value with the supported values")
  void enums() {
    assertThat(errors("{'cronSpec':'* * * * *','mode':'Medium'}"))
        .containsExactly("spec.mode: Unsupported value: \"Medium\": supported values: \"Fast\", \"Slow\"");
    assertThat(errors("{'cronSpec':'* * * * *','level':3}"))
        .containsExactly("spec.level: Unsupported value: 3: supported values: \"1\", \"2\"");
  }

  @Test
  @DisplayName("x-kubernetes-int-or-string takes integers and strings only")
  void intOrString() {
    assertThat(errors("{'cronSpec':'* * * * *','port':8080}")).isEmpty();
    assertThat(errors("{'cronSpec':'* * * * *','port':true}"))
        .containsExactly("spec.port: Invalid value: \"boolean\": spec.port in body must be of type integer,string: \"boolean\"");
  }

  @Test
  @DisplayName("format: known formats are checked, as types")
  void formats() {
    assertThat(errors("{'cronSpec':'* * * * *','when':'yesterday'}"))
        .containsExactly("spec.when: Invalid value: \"yesterday\": spec.when in body must be of type date-time: \"yesterday\"");
    assertThat(errors("{'cronSpec':'* * * * *','id':'not-a-uuid'}"))
        .containsExactly("spec.id: Invalid value: \"not-a-uuid\": spec.id in body must be of type uuid: \"not-a-uuid\"");
  }

  @Test
  @DisplayName("minItems, maxItems, items")
  void arrays() {
    assertThat(errors("{'cronSpec':'* * * * *','tags':[]}"))
        .containsExactly("spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items");
    assertThat(errors("{'cronSpec':'* * * * *','tags':['a','b','c']}"))
        .containsExactly("spec.tags: Too many: 3: must have at most 2 items");
    assertThat(errors("{'cronSpec':'* * * * *','tags':['a',1]}"))
        .containsExactly("spec.tags[1]: Invalid value: \"integer\": spec.tags[1] in body must be of type string: \"integer\"");
    assertThat(errors("{'cronSpec':'* * * * *','ports':[{'port':'x'}]}"))
        .containsExactly("spec.ports[0].port: Invalid value: \"string\": spec.ports[0].port in body must be of type integer: \"string\"");
  }

  @Test
  @DisplayName("maxProperties, minProperties, additionalProperties")
  void maps() {
    assertThat(errors("{'cronSpec':'* * * * *','labels':{'a':'1','b':'2'}}"))
        .containsExactly("spec.labels: Too many: 1: has too many items");
    assertThat(errors("{'cronSpec':'* * * * *','selector':{}}"))
        .containsExactly("spec.selector: Invalid value: 1: spec.selector in body should have at least 1 properties");
    assertThat(errors("{'cronSpec':'* * * * *','labels':{'a':1}}"))
        .containsExactly("spec.labels.a: Invalid value: \"integer\": spec.labels.a in body must be of type string: \"integer\"");
  }

  @Test
  @DisplayName("errors map to kube's StatusCause reasons")
  void reasons() {
    assertThat(CRONTAB.validate(json("{'spec':{}}")).get(0).type().causeReason()).isEqualTo("FieldValueRequired");
    assertThat(CRONTAB.validate(json("{'spec':{'cronSpec':'* * * * *','mode':'x'}}")).get(0).type().causeReason())
        .isEqualTo("FieldValueNotSupported");
    assertThat(CRONTAB.validate(json("{'spec':{'cronSpec':'* * * * *','tags':['a','b','c']}}")).get(0).type().causeReason())
        .isEqualTo("FieldValueTooMany");
  }
}
