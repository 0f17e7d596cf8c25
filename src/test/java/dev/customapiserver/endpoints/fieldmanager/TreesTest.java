package dev.customapiserver.endpoints.fieldmanager;

import static dev.customapiserver.endpoints.fieldmanager.Sample.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Field sets, merge and compare follow the list types of the Java types")
class TreesTest {

  static Stream<Arguments> fieldSets() {
    return Stream.of(
        Arguments.of("scalars are leaves", "{'spec':{'a':'1'}}", "{'f:spec':{'f:a':{}}}"),
        Arguments.of("map keys are fields", "{'spec':{'labels':{'x':'1'}}}", "{'f:spec':{'f:labels':{'f:x':{}}}}"),
        Arguments.of("an atomic list is one leaf", "{'spec':{'atomic':['p','q']}}", "{'f:spec':{'f:atomic':{}}}"),
        Arguments.of("a set lists its values", "{'spec':{'set':['p','q']}}", "{'f:spec':{'f:set':{'v:\\'p\\'':{},'v:\\'q\\'':{}}}}"
            .replace("\\'", "\\\"")),
        Arguments.of("a map list keys its items", "{'spec':{'items':[{'name':'salami','n':2}]}}",
            "{'f:spec':{'f:items':{'k:{\\'name\\':\\'salami\\'}':{'.':{},'f:n':{},'f:name':{}}}}}".replace("\\'", "\\\"")),
        Arguments.of("an empty object is a leaf", "{'spec':{'nested':{}}}", "{'f:spec':{'f:nested':{}}}"),
        Arguments.of("an unknown field is untyped", "{'spec':{'other':{'deep':[1]}}}", "{'f:spec':{'f:other':{'f:deep':{}}}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fieldSets")
  @DisplayName("the field set of a configuration")
  void fieldSet(String what, String config, String fieldsV1) {
    assertThat(SchemaTrees.fieldSet(json(config), Sample.SCHEMA).toFieldsV1()).isEqualTo(json(fieldsV1));
  }

  static Stream<Arguments> merges() {
    return Stream.of(
        Arguments.of("fields merge, config wins", "{'spec':{'a':'1','b':'2'}}", "{'spec':{'a':'9'}}", "{'spec':{'a':'9','b':'2'}}"),
        Arguments.of("an atomic list is replaced", "{'spec':{'atomic':['p','q']}}", "{'spec':{'atomic':['r']}}",
            "{'spec':{'atomic':['r']}}"),
        Arguments.of("a set is a union", "{'spec':{'set':['p','q']}}", "{'spec':{'set':['q','r']}}", "{'spec':{'set':['p','q','r']}}"),
        Arguments.of("map-list items merge by key", "{'spec':{'items':[{'name':'a','n':1,'note':'x'},{'name':'b','n':2}]}}",
            "{'spec':{'items':[{'name':'a','n':5},{'name':'c'}]}}",
            "{'spec':{'items':[{'name':'a','n':5,'note':'x'},{'name':'b','n':2},{'name':'c'}]}}"),
        Arguments.of("map entries merge", "{'spec':{'labels':{'x':'1'}}}", "{'spec':{'labels':{'y':'2'}}}",
            "{'spec':{'labels':{'x':'1','y':'2'}}}"),
        Arguments.of("nothing live takes the config", "{}", "{'spec':{'nested':{'x':'1'}}}", "{'spec':{'nested':{'x':'1'}}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("merges")
  @DisplayName("merging an applied configuration into the live object")
  void merge(String what, String live, String config, String expected) {
    assertThat(SchemaTrees.merge(json(live), json(config), Sample.SCHEMA)).isEqualTo(json(expected));
  }

  @Test
  @DisplayName("compare sees added objects with their fields, modified leaves and removed items")
  void compare() {
    Comparison c = Comparison.of(json("{'spec':{'a':'1','items':[{'name':'a','n':1}]}}"),
        json("{'spec':{'a':'2','nested':{'x':'1'},'items':[]}}"), Sample.SCHEMA);
    assertThat(c.modified().toFieldsV1()).isEqualTo(json("{'f:spec':{'f:a':{}}}"));
    assertThat(c.added().toFieldsV1()).isEqualTo(json("{'f:spec':{'f:nested':{'.':{},'f:x':{}}}}"));
    assertThat(c.removed().members()).contains(List.of("f:spec", "f:items", "k:{\"name\":\"a\"}"));
  }

  @Test
  @DisplayName("extract keeps only the owned part of an object, list items with their keys")
  void extract() {
    FieldSet owned = SchemaTrees.fieldSet(json("{'spec':{'a':'x','items':[{'name':'s','n':0}]}}"), Sample.SCHEMA);
    assertThat(SchemaTrees.extract(json("{'spec':{'a':'1','b':'2','items':[{'name':'s','n':1,'note':'z'},{'name':'t','n':2}]}}"),
        owned, Sample.SCHEMA)).isEqualTo(json("{'spec':{'a':'1','items':[{'name':'s','n':1}]}}"));
  }

  @Test
  @DisplayName("FieldsV1 reads and writes back unchanged, and paths print as kube prints them")
  void fieldsV1AndPaths() {
    String v1 = "{'f:metadata':{'f:labels':{'.':{},'f:app':{}}},'f:spec':{'f:items':{'k:{\\'name\\':\\'a\\'}':{'.':{},'f:n':{}}}}}"
        .replace("\\'", "\\\"");
    FieldSet s = FieldSet.fromFieldsV1(json(v1));
    assertThat(s.toFieldsV1()).isEqualTo(json(v1));
    assertThat(FieldsV1Paths.print(List.of("f:spec", "f:items", "k:{\"name\":\"a\"}", "f:n"))).isEqualTo(".spec.items[name=\"a\"].n");
    assertThat(FieldsV1Paths.print(List.of("f:spec", "f:set", "v:\"p\""))).isEqualTo(".spec.set[=\"p\"]");
  }
}
