package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A custom resource whose {@code x-kubernetes-list-type: map} list repeats a key, or whose {@code set}
 * repeats an item, is refused as kube's custom resource strategy refuses it: 422 Invalid with a
 * {@code FieldValueDuplicate} cause per repetition; on update only when the stored object had none
 * (kube ratchets these).
 */
@DisplayName("CRDs: list-type map and set duplicates are kube's 422 Duplicate value")
class ListTypeDuplicatesRestTest {
  static final String GROUP = "listtype.example.com";
  static final String WIDGETS = "/apis/" + GROUP + "/v1/namespaces/default/widgets";
  static final String SPEC = """
      {"type":"object","properties":{"spec":{"type":"object","properties":{
        "ports":{"type":"array",%s"items":{"type":"object","required":["name"],
          "properties":{"name":{"type":"string"},"port":{"type":"integer"}}}},
        "tags":{"type":"array",%s"items":{"type":"string"}},
        "replicas":{"type":"integer"}}}}}
      """;
  static CrdFixture f;

  static String versions(boolean listTypes) {
    String schema = SPEC.formatted(listTypes ? "\"x-kubernetes-list-type\":\"map\",\"x-kubernetes-list-map-keys\":[\"name\"]," : "",
        listTypes ? "\"x-kubernetes-list-type\":\"set\"," : "");
    return "[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"schema\":{\"openAPIV3Schema\":" + schema + "}}]";
  }

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
    f.define(CrdFixture.crd(GROUP, "widgets", "Widget", versions(true)), GROUP, "v1", "widgets");
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static String widget(String name, String spec) {
    return "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + spec + "}";
  }

  @Test
  @DisplayName("create: one Duplicate value cause per repeated key or item, at its second appearance")
  void create() throws Exception {
    HttpResponse<String> r = f.send("POST", WIDGETS, widget("dups", """
        {"ports":[{"name":"http","port":80},{"name":"http","port":81},{"name":"http","port":82}],"tags":["a","b","a"]}
        """));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r)).isEqualTo(CrdFixture.JSON.readTree("""
        {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
         "message":"Widget.listtype.example.com \\"dups\\" is invalid: [spec.ports[1]: Duplicate value: {\\"name\\":\\"http\\"}, spec.tags[2]: Duplicate value: \\"a\\"]",
         "reason":"Invalid","details":{"name":"dups","group":"listtype.example.com","kind":"Widget","causes":[
          {"reason":"FieldValueDuplicate","message":"Duplicate value: {\\"name\\":\\"http\\"}","field":"spec.ports[1]"},
          {"reason":"FieldValueDuplicate","message":"Duplicate value: \\"a\\"","field":"spec.tags[2]"}]},
         "code":422}
        """));
  }

  @Test
  @DisplayName("update: refused when it brings a duplicate; allowed when the stored object already had one (ratcheting)")
  void update() throws Exception {
    assertThat(f.send("POST", WIDGETS, widget("clean", "{\"tags\":[\"a\"]}")).statusCode()).isEqualTo(201);
    HttpResponse<String> r = f.send("PATCH", WIDGETS + "/clean", "{\"spec\":{\"tags\":[\"a\",\"a\"]}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r).at("/message").asText())
        .isEqualTo("Widget.listtype.example.com \"clean\" is invalid: spec.tags[1]: Duplicate value: \"a\"");

    // a set made a set after the object was stored with a repeated item: other changes still pass
    String group = "ratchet.example.com";
    String widgets = "/apis/" + group + "/v1/namespaces/default/widgets";
    f.define(CrdFixture.crd(group, "widgets", "Widget", versions(false)), group, "v1", "widgets");
    assertThat(f.send("POST", widgets, widget("old", "{\"tags\":[\"a\",\"a\"]}").replace(GROUP, group)).statusCode())
        .isEqualTo(201);
    HttpResponse<String> tightened = f.send("PATCH", CrdFixture.CRDS + "/widgets." + group,
        "{\"spec\":{\"versions\":" + versions(true) + "}}", "Content-Type", "application/merge-patch+json");
    assertThat(tightened.statusCode()).as(tightened.body()).isEqualTo(200);
    // the controller serves the new schema in the background: wait until a new repeated item is refused
    String probe = widget("probe", "{\"tags\":[\"b\",\"b\"]}").replace(GROUP, group);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (f.send("POST", widgets, probe).statusCode() != 422) {
      assertThat(System.nanoTime()).as("the tightened schema is never served").isLessThan(deadline);
      Thread.sleep(50);
    }
    HttpResponse<String> kept = f.send("PATCH", widgets + "/old", "{\"spec\":{\"replicas\":2}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(kept.statusCode()).as(kept.body()).isEqualTo(200);
  }
}
