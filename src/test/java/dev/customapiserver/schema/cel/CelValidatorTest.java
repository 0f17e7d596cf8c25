package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: rules evaluated on objects with kube's errors")
class CelValidatorTest {
  static final String CRONTAB = """
      type: object
      properties:
        spec:
          type: object
          x-kubernetes-validations:
          - rule: "self.minReplicas <= self.replicas"
            message: "replicas should be greater than or equal to minReplicas."
          - rule: "self.replicas <= self.maxReplicas"
          properties:
            cronSpec: {type: string}
            image: {type: string}
            replicas: {type: integer}
            minReplicas: {type: integer}
            maxReplicas: {type: integer}
      """;

  @Test
  @DisplayName("a true rule passes; a false one gives its message, or 'failed rule: <rule>' without one, on the node's path")
  void trueAndFalse() {
    assertThat(errors(CRONTAB, "{'spec':{'replicas':3,'minReplicas':1,'maxReplicas':5}}")).isEmpty();
    assertThat(errors(CRONTAB, "{'spec':{'replicas':3,'minReplicas':4,'maxReplicas':2}}")).containsExactly(
        "spec: Invalid value: replicas should be greater than or equal to minReplicas.",
        "spec: Invalid value: failed rule: self.replicas <= self.maxReplicas");
  }

  @Test
  @DisplayName("a missing field is kube's 'no such key' runtime error; has() tests presence")
  void noSuchKey() {
    assertThat(errors(CRONTAB, "{'spec':{'replicas':3,'maxReplicas':5}}")).containsExactly(
        "spec: Invalid value: \"object\": no such key: minReplicas evaluating rule: replicas should be greater than or equal to minReplicas.");
    String s = """
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations: [{rule: "!has(self.a) || self.a.startsWith('x')"}]
            properties: {a: {type: string}}
        """;
    assertThat(errors(s, "{'spec':{}}")).isEmpty();
    assertThat(errors(s, "{'spec':{'a':'yes'}}")).containsExactly(
        "spec: Invalid value: failed rule: !has(self.a) || self.a.startsWith('x')");
  }

  @Test
  @DisplayName("rules on scalars, list items and map values run per value with the value's path")
  void nestedValues() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string, x-kubernetes-validations: [{rule: "self.size() <= 5", message: "too long"}]}
              ports:
                type: array
                items: {type: integer, x-kubernetes-validations: [{rule: "self > 0 && self < 65536"}]}
              labels:
                type: object
                additionalProperties: {type: string, x-kubernetes-validations: [{rule: "self.lowerAscii() == self"}]}
                x-kubernetes-validations: [{rule: "self.all(k, k.startsWith('app'))"}]
        """;
    assertThat(errors(s, "{'spec':{'name':'abc','ports':[80,443],'labels':{'app':'web'}}}")).isEmpty();
    assertThat(errors(s, "{'spec':{'name':'abcdefg','ports':[80,0],'labels':{'app':'Web','x':'y'}}}")).containsExactlyInAnyOrder(
        "spec.name: Invalid value: \"abcdefg\": too long",
        "spec.ports[1]: Invalid value: 0: failed rule: self > 0 && self < 65536",
        "spec.labels: Invalid value: failed rule: self.all(k, k.startsWith('app'))",
        "spec.labels[app]: Invalid value: \"Web\": failed rule: self.lowerAscii() == self");
  }

  @Test
  @DisplayName("a rule on the root sees apiVersion, kind and metadata.name; its errors are at <nil> as in kube")
  void root() {
    String s = """
        type: object
        x-kubernetes-validations:
        - rule: "self.metadata.name.startsWith('ok-') && self.kind == 'CronTab'"
          message: "name must start with ok-"
        properties:
          spec: {type: object}
        """;
    assertThat(errors(s, "{'apiVersion':'stable.example.com/v1','kind':'CronTab','metadata':{'name':'ok-1'},'spec':{}}")).isEmpty();
    assertThat(errors(s, "{'apiVersion':'stable.example.com/v1','kind':'CronTab','metadata':{'name':'x'},'spec':{}}"))
        .containsExactly("<nil>: Invalid value: name must start with ok-");
  }

  @Test
  @DisplayName("messageExpression gives the message; when it fails, the message (or 'failed rule') is used")
  void messageExpression() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.replicas <= 10"
              messageExpression: "'replicas is ' + string(self.replicas) + ', at most 10 are allowed'"
            - rule: "self.replicas <= 5"
              message: "at most 5"
              messageExpression: "self.nothing"
            properties:
              replicas: {type: integer}
              nothing: {type: string}
        """;
    assertThat(errors(s, "{'spec':{'replicas':12}}")).containsExactly(
        "spec: Invalid value: replicas is 12, at most 10 are allowed",
        "spec: Invalid value: at most 5");
  }

  @Test
  @DisplayName("fieldPath moves the error to the named field; reason picks the error type")
  void fieldPathAndReason() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - {rule: "self.min <= self.max", fieldPath: ".max", message: "max must be >= min"}
            - {rule: "self.min >= 0", reason: FieldValueForbidden, message: "negative min"}
            - {rule: "has(self.name)", reason: FieldValueRequired, fieldPath: ".name", message: "name is required"}
            - {rule: "self.min != 7", reason: FieldValueDuplicate}
            - {rule: "self.labels.all(k, k != 'x')", fieldPath: ".labels['x']", reason: FieldValueInvalid}
            properties:
              min: {type: integer}
              max: {type: integer}
              name: {type: string}
              labels: {type: object, additionalProperties: {type: string}}
        """;
    assertThat(errors(s, "{'spec':{'min':-1,'max':-2,'labels':{'x':'y'}}}")).containsExactly(
        "spec.max: Invalid value: max must be >= min",
        "spec: Forbidden: negative min",
        "spec.name: Required value: name is required",
        "spec.labels[x]: Invalid value: failed rule: self.labels.all(k, k != 'x')");
    assertThat(errors(s, "{'spec':{'min':7,'max':8,'name':'n','labels':{}}}")).containsExactly(
        "spec: Duplicate value");
  }

  @Test
  @DisplayName("a type, required or enum error in the schema validation blocks the rules with kube's note")
  void blockedBySchemaErrors() {
    var v = CelValidator.of(Schemas.schema(CRONTAB));
    var obj = Schemas.json("{'spec':{'replicas':'three','minReplicas':4,'maxReplicas':2}}");
    var schemaErrors = Schemas.schema(CRONTAB).validate(obj);
    assertThat(Schemas.strings(v.validateAfter(schemaErrors, obj, null))).containsExactly(
        "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"",
        "<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; "
            + "correct the existing errors to complete validation");
  }
}
