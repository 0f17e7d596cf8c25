package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static dev.customapiserver.schema.cel.Schemas.json;
import static dev.customapiserver.schema.cel.Schemas.schema;
import static dev.customapiserver.schema.cel.Schemas.strings;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: transition rules with oldSelf, optionalOldSelf")
class TransitionRulesTest {
  static final String IMMUTABLE = """
      type: object
      properties:
        spec:
          type: object
          properties:
            mode:
              type: string
              x-kubernetes-validations: [{rule: "self == oldSelf", message: "mode is immutable"}]
            items:
              type: array
              x-kubernetes-list-type: map
              x-kubernetes-list-map-keys: [name]
              items:
                type: object
                required: [name]
                properties:
                  name: {type: string}
                  size: {type: integer, x-kubernetes-validations: [{rule: "self >= oldSelf", message: "size may only grow"}]}
      """;

  @Test
  @DisplayName("a transition rule is skipped on create and runs on update against the old value at the same place")
  void transition() {
    assertThat(errors(IMMUTABLE, "{'spec':{'mode':'a'}}")).isEmpty();
    assertThat(errors(IMMUTABLE, "{'spec':{'mode':'a'}}", "{'spec':{'mode':'a'}}")).isEmpty();
    assertThat(errors(IMMUTABLE, "{'spec':{'mode':'b'}}", "{'spec':{'mode':'a'}}"))
        .containsExactly("spec.mode: Invalid value: \"b\": mode is immutable");
    assertThat(errors(IMMUTABLE, "{'spec':{'mode':'b'}}", "{'spec':{}}")).as("no old value there: skipped").isEmpty();
  }

  @Test
  @DisplayName("entries of map-type lists are matched to their old entries by key")
  void mapListCorrelation() {
    String old = "{'spec':{'items':[{'name':'a','size':5},{'name':'b','size':5}]}}";
    assertThat(errors(IMMUTABLE, "{'spec':{'items':[{'name':'b','size':6},{'name':'a','size':5},{'name':'c','size':1}]}}", old))
        .isEmpty();
    assertThat(errors(IMMUTABLE, "{'spec':{'items':[{'name':'b','size':4},{'name':'a','size':5}]}}", old))
        .containsExactly("spec.items[0].size: Invalid value: 4: size may only grow");
  }

  @Test
  @DisplayName("optionalOldSelf: the rule also runs on create, with oldSelf an empty optional")
  void optionalOldSelf() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            properties:
              count:
                type: integer
                x-kubernetes-validations:
                - rule: "oldSelf.hasValue() ? self >= oldSelf.value() : self == 0"
                  optionalOldSelf: true
                  message: "starts at 0 and never goes down"
        """;
    assertThat(errors(s, "{'spec':{'count':0}}")).isEmpty();
    assertThat(errors(s, "{'spec':{'count':3}}")).containsExactly(
        "spec.count: Invalid value: 3: starts at 0 and never goes down");
    assertThat(errors(s, "{'spec':{'count':3}}", "{'spec':{'count':2}}")).isEmpty();
    assertThat(errors(s, "{'spec':{'count':1}}", "{'spec':{'count':2}}")).containsExactly(
        "spec.count: Invalid value: 1: starts at 0 and never goes down");
    assertThat(errors(s, "{'spec':{'count':4}}", "{'spec':{}}")).as("no old value: oldSelf is none")
        .containsExactly("spec.count: Invalid value: 4: starts at 0 and never goes down");
  }

  @Test
  @DisplayName("ratcheting: on update a failing rule without oldSelf is let through where the value did not change")
  void ratcheting() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string, x-kubernetes-validations: [{rule: "self.size() <= 3", message: "too long"}]}
              size: {type: integer}
              tags:
                type: array
                items: {type: string, x-kubernetes-validations: [{rule: "self != 'bad'"}]}
        """;
    String old = "{'spec':{'name':'toolong','size':1,'tags':['bad']}}";
    assertThat(errors(s, "{'spec':{'name':'toolong','size':2,'tags':['bad']}}", old)).isEmpty();
    assertThat(errors(s, "{'spec':{'name':'longer','size':2,'tags':['bad','ok']}}", old)).containsExactly(
        "spec.name: Invalid value: \"longer\": too long",
        "spec.tags[0]: Invalid value: \"bad\": failed rule: self != 'bad'");
    assertThat(errors(s, "{'spec':{'name':'toolong'}}")).as("on create").containsExactly(
        "spec.name: Invalid value: \"toolong\": too long");
  }

  @Test
  @DisplayName("ratcheting warns: a let-through failure is a warning worded as kube's error; map-list items by key, set items with their list")
  void ratchetingWarnings() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string, x-kubernetes-validations: [{rule: "self.size() <= 3", message: "too long"}]}
              size: {type: integer}
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties: {name: {type: string}, port: {type: integer}}
                  x-kubernetes-validations: [{rule: "self.port < 1024", message: "privileged ports only"}]
              tags:
                type: array
                x-kubernetes-list-type: set
                items: {type: string, x-kubernetes-validations: [{rule: "self != 'bad'"}]}
        """;
    CelValidator rules = CelValidator.of(schema(s));
    String old = "{'spec':{'name':'toolong','size':1,'ports':[{'name':'a','port':8080},{'name':'b','port':22}],'tags':['bad']}}";
    List<String> warnings = new ArrayList<>();
    assertThat(strings(rules.validate(json("{'spec':{'name':'toolong','size':2,"
        + "'ports':[{'name':'b','port':23},{'name':'a','port':8080}],'tags':['bad']}}"), json(old), warnings::add))).isEmpty();
    assertThat(warnings).containsExactly(
        "spec.name: Invalid value: \"toolong\": too long",
        "spec.ports[1]: Invalid value: privileged ports only",
        "spec.tags[0]: Invalid value: \"bad\": failed rule: self != 'bad'");

    warnings.clear();
    assertThat(strings(rules.validate(json("{'spec':{'name':'toolong','size':1,"
        + "'ports':[{'name':'a','port':8081},{'name':'b','port':22}],'tags':['bad','ok']}}"), json(old), warnings::add)))
        .containsExactly("spec.ports[0]: Invalid value: privileged ports only",
            "spec.tags[0]: Invalid value: \"bad\": failed rule: self != 'bad'");
    assertThat(warnings).containsExactly("spec.name: Invalid value: \"toolong\": too long");
  }
}
