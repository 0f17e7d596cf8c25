package dev.customapiserver.endpoints.fieldmanager;

import static dev.customapiserver.endpoints.fieldmanager.Sample.JSON;
import static dev.customapiserver.endpoints.fieldmanager.Sample.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("The field manager: apply, conflicts, removal and update managers")
class FieldManagerTest {
  static final FieldManager FM = new FieldManager(Sample.class, "test/v1",
      JSON, Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC));

  /** One apply of a sequence: manager, configuration (spec only), force; then the expected spec or conflict message. */
  record Step(String manager, String spec, boolean force, String expected) {}

  static Step step(String manager, String spec, String expected) {
    return new Step(manager, spec, false, expected);
  }

  static Step forced(String manager, String spec, String expected) {
    return new Step(manager, spec, true, expected);
  }

  static Stream<Arguments> sequences() {
    return Stream.of(
        Arguments.of("the same value is shared without conflict", List.of(
            step("a", "{'a':'1'}", "{'a':'1'}"), step("b", "{'a':'1','b':'2'}", "{'a':'1','b':'2'}"))),
        Arguments.of("another value conflicts", List.of(
            step("a", "{'a':'1'}", "{'a':'1'}"),
            step("b", "{'a':'2'}", "Apply failed with 1 conflict: conflict with \"a\": .spec.a"))),
        Arguments.of("two conflicts are listed by manager", List.of(
            step("a", "{'a':'1','b':'1'}", "{'a':'1','b':'1'}"),
            step("b", "{'a':'2','b':'2'}", "Apply failed with 2 conflicts: conflicts with \"a\":\n- .spec.a\n- .spec.b"))),
        Arguments.of("force takes over, and the old owner may then drop the field", List.of(
            step("a", "{'a':'1','b':'1'}", "{'a':'1','b':'1'}"), forced("b", "{'a':'2'}", "{'a':'2','b':'1'}"),
            step("a", "{'b':'1'}", "{'a':'2','b':'1'}"))),
        Arguments.of("a dropped field is removed when nobody else owns it", List.of(
            step("a", "{'a':'1','nested':{'x':'1','y':'2'}}", "{'a':'1','nested':{'x':'1','y':'2'}}"),
            step("a", "{'a':'1','nested':{'x':'1'}}", "{'a':'1','nested':{'x':'1'}}"))),
        Arguments.of("map-list items are owned per key", List.of(
            step("a", "{'items':[{'name':'s','n':1}]}", "{'items':[{'name':'s','n':1}]}"),
            step("b", "{'items':[{'name':'c','n':1}]}", "{'items':[{'name':'s','n':1},{'name':'c','n':1}]}"),
            step("b", "{'items':[{'name':'s','n':3}]}",
                "Apply failed with 1 conflict: conflict with \"a\": .spec.items[name=\"s\"].n"),
            step("a", "{}", "{'items':[{'name':'c','n':1}]}"))),
        Arguments.of("set items are owned per value", List.of(
            step("a", "{'set':['p']}", "{'set':['p']}"), step("b", "{'set':['q']}", "{'set':['p','q']}"),
            step("a", "{}", "{'set':['q']}"))),
        Arguments.of("an atomic list belongs to one manager as a whole", List.of(
            step("a", "{'atomic':['p']}", "{'atomic':['p']}"),
            step("b", "{'atomic':['p','q']}", "Apply failed with 1 conflict: conflict with \"a\": .spec.atomic"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sequences")
  @DisplayName("sequences of applies")
  void applies(String what, List<Step> steps) {
    Sample live = null;
    for (Step s : steps) {
      ObjectNode config = (ObjectNode) json("{'apiVersion':'test/v1','kind':'Sample','metadata':{'name':'x'},'spec':" + s.spec() + "}");
      if (s.expected().startsWith("Apply failed")) {
        Sample before = live;
        ApiException e = catchThrowableOfType(() -> FM.apply(before, config, s.manager(), s.force(), ""), ApiException.class);
        assertThat(e).as("conflict expected").isNotNull();
        assertThat(e.code()).isEqualTo(409);
        assertThat(e.reason()).isEqualTo("Conflict");
        assertThat(e.getMessage()).isEqualTo(s.expected());
        assertThat(e.status().details.causes).allSatisfy(c -> assertThat(c.reason()).isEqualTo("FieldManagerConflict"));
        continue;
      }
      live = toSample(FM.apply(live, config, s.manager(), s.force(), ""));
      assertThat(JSON.valueToTree(live.spec) == null ? json("{}") : (JsonNode) JSON.valueToTree(live.spec))
          .as(s.toString()).isEqualTo(json(s.expected()));
    }
  }

  private static Sample toSample(ObjectNode tree) {
    try {
      return JSON.treeToValue(tree, Sample.class);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Sample sample(String spec) {
    return toSample((ObjectNode) json("{'metadata':{'name':'x','uid':'u1'},'spec':" + spec + "}"));
  }

  @Test
  @DisplayName("a create records an Update manager with the time; an update gives it the fields it changed")
  void updateManagers() {
    Sample created = sample("{'a':'1'}");
    created.metadata.uid = null;
    List<ManagedFieldsEntry> entries = FM.update(null, created, "kubectl-create", "");
    assertThat(entries).singleElement().satisfies(e -> {
      assertThat(e.operation).isEqualTo("Update");
      assertThat(e.apiVersion).isEqualTo("test/v1");
      assertThat(e.time).isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
      assertThat(e.fieldsV1).isEqualTo(json("{'f:spec':{'.':{},'f:a':{}}}"));
    });
    Sample live = sample("{'a':'1'}");
    live.metadata.managedFields = entries;
    Sample edited = sample("{'a':'1','b':'2'}");
    edited.metadata.managedFields = entries;
    List<ManagedFieldsEntry> after = FM.update(live, edited, "kubectl-edit", "");
    assertThat(after).extracting(e -> e.manager).containsExactly("kubectl-create", "kubectl-edit");
    assertThat(after.get(1).fieldsV1).isEqualTo(json("{'f:spec':{'f:b':{}}}"));
  }

  @Test
  @DisplayName("an object without managed fields stays untracked on update; an apply first credits before-first-apply")
  void untracked() {
    Sample live = sample("{'a':'1'}");
    assertThat(FM.update(live, sample("{'a':'2'}"), "someone", "")).isNull();
    ApiException e = catchThrowableOfType(() -> FM.apply(live,
        (ObjectNode) json("{'apiVersion':'test/v1','kind':'Sample','metadata':{'name':'x'},'spec':{'a':'2'}}"), "a", false, ""),
        ApiException.class);
    assertThat(e.getMessage()).isEqualTo("Apply failed with 1 conflict: conflict with \"before-first-apply\" using test/v1: .spec.a");
  }

  @Test
  @DisplayName("submitted managedFields: a single empty entry resets them, an empty list keeps the live ones")
  void submittedManagedFields() {
    Sample live = sample("{'a':'1'}");
    live.metadata.managedFields = FM.update(null, sample("{'a':'1'}"), "creator", "");
    Sample reset = sample("{'a':'1'}");
    reset.metadata.managedFields = List.of(new ManagedFieldsEntry());
    assertThat(FM.update(live, reset, "x", "")).isNull();
    Sample empty = sample("{'a':'2'}");
    empty.metadata.managedFields = List.of();
    assertThat(FM.update(live, empty, "x", "")).extracting(m -> m.manager).containsExactly("creator", "x");
  }

  @Test
  @DisplayName("more than ten Update managers: the oldest are merged into ancient-changes")
  void capsUpdaters() {
    Sample live = sample("{}");
    live.metadata.managedFields = FM.update(null, sample("{'a':'1'}"), "creator", "");
    StringBuilder labels = new StringBuilder();
    for (int i = 0; i < 11; i++) {
      labels.append(i == 0 ? "" : ",").append("'l").append(i).append("':'v'");
      Sample next = sample("{'a':'1','labels':{" + labels + "}}");
      next.metadata.managedFields = live.metadata.managedFields;
      next.metadata.managedFields = FM.update(live, next, "m" + (char) ('a' + i), "");
      live = next;
    }
    assertThat(live.metadata.managedFields).hasSize(10);
    assertThat(live.metadata.managedFields).extracting(e -> e.manager).contains("ancient-changes", "mk").doesNotContain("creator", "ma");
    ManagedFieldsEntry ancient = live.metadata.managedFields.stream().filter(e -> e.manager.equals("ancient-changes")).findFirst().orElseThrow();
    assertThat(ancient.fieldsV1.toString()).contains("f:a", "f:l0", "f:l1");
  }
}
