package dev.customapiserver.schema;

import static dev.customapiserver.schema.Json.json;
import static dev.customapiserver.schema.Json.object;
import static dev.customapiserver.schema.Json.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** kube's pruning of unknown fields and structural defaulting. */
@DisplayName("Pruning and defaulting")
class PruneDefaultTest {
  private static final StructuralSchema SCHEMA = StructuralSchema.fromOpenApiV3(yaml("""
      type: object
      properties:
        spec:
          type: object
          properties:
            replicas: {type: integer, default: 1}
            image: {type: string}
            raw: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {typed: {type: object, properties: {a: {type: string}}}}}
            template:
              type: object
              x-kubernetes-embedded-resource: true
              properties:
                spec: {type: object, properties: {x: {type: string}}}
            items:
              type: array
              items: {type: object, properties: {name: {type: string}, size: {type: integer, default: 10}}}
            labels: {type: object, additionalProperties: {type: string}}
            strategy:
              type: object
              default: {type: RollingUpdate}
              properties:
                type: {type: string}
                maxSurge: {type: integer, default: 25}
            note: {type: string}
            maybe: {type: string, nullable: true}
        status: {type: object, properties: {ready: {type: boolean}}}
      """));

  @Test
  @DisplayName("unknown fields are removed and reported; apiVersion, kind, metadata stay")
  void prunes() {
    ObjectNode o = object("{'apiVersion':'v1','kind':'K','metadata':{'name':'a','foo':1},'unknown':1,"
        + "'spec':{'image':'x','extra':true,'items':[{'name':'a','bogus':2}],'labels':{'k':'v'},"
        + "'raw':{'anything':{'deep':1},'typed':{'a':'b','b':'c'}},"
        + "'template':{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p'},'spec':{'x':'y','z':1},'other':1}}}");
    assertThat(SCHEMA.prune(o)).containsExactly("spec.extra", "spec.items[0].bogus", "spec.raw.typed.b", "spec.template.other",
        "spec.template.spec.z", "unknown");
    assertThat(o).isEqualTo(json("{'apiVersion':'v1','kind':'K','metadata':{'name':'a','foo':1},"
        + "'spec':{'image':'x','items':[{'name':'a'}],'labels':{'k':'v'},'raw':{'anything':{'deep':1},'typed':{'a':'b'}},"
        + "'template':{'apiVersion':'v1','kind':'Pod','metadata':{'name':'p'},'spec':{'x':'y'}}}}"));
  }

  @Test
  @DisplayName("nulls of fields neither nullable nor defaulted are dropped, nullable ones stay")
  void nulls() {
    ObjectNode o = object("{'spec':{'note':null,'maybe':null,'replicas':null}}");
    assertThat(SCHEMA.prune(o)).isEmpty();
    assertThat(o).isEqualTo(json("{'spec':{'maybe':null,'replicas':null}}"));
  }

  @Test
  @DisplayName("defaults fill missing fields and non-nullable nulls, then are defaulted inside")
  void defaults() {
    ObjectNode o = object("{'spec':{'replicas':null,'items':[{'name':'a'},{'size':3}]}}");
    SCHEMA.applyDefaults(o);
    assertThat(o).isEqualTo(json("{'spec':{'replicas':1,'items':[{'name':'a','size':10},{'size':3}],"
        + "'strategy':{'type':'RollingUpdate','maxSurge':25}}}"));
  }

  @Test
  @DisplayName("values given are kept; an absent parent gets no defaults")
  void keeps() {
    ObjectNode o = object("{'spec':{'replicas':5,'strategy':{'type':'Recreate'}}}");
    SCHEMA.applyDefaults(o);
    assertThat(o).isEqualTo(json("{'spec':{'replicas':5,'strategy':{'type':'Recreate','maxSurge':25}}}"));
    ObjectNode empty = object("{'status':{}}");
    SCHEMA.applyDefaults(empty);
    assertThat(empty).isEqualTo(json("{'status':{}}"));
  }

  @Test
  @DisplayName("the schema reads back as the JSON it came from")
  void roundTrip() {
    var source = yaml("type: object\nproperties: {a: {type: string, x-kubernetes-validations: [{rule: 'self.size() > 1', message: short}]}}");
    StructuralSchema s = StructuralSchema.fromOpenApiV3(source);
    assertThat(s.toOpenApiV3()).isEqualTo(source);
    assertThat(s.properties().get("a").validations()).singleElement()
        .satisfies(r -> assertThat(r.rule()).isEqualTo("self.size() > 1"))
        .satisfies(r -> assertThat(r.message()).isEqualTo("short"));
  }
}
