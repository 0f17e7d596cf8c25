package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("Custom resources: fieldValidation reports what the schema prunes; server-side apply follows the schema's list and map types")
class CustomResourceFieldsTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final String BASE = "/apis/fields.example.com/v1/namespaces/default/widgets";
  static final ObjectMapper JSON = new ObjectMapper();
  static final String APPLY = "application/apply-patch+yaml";
  static TestServer server;
  static CustomResourceController controller;

  static final String CRD = """
      {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
       "metadata":{"name":"widgets.fields.example.com"},
       "spec":{"group":"fields.example.com","scope":"Namespaced",
         "names":{"plural":"widgets","kind":"Widget"},
         "versions":[{"name":"v1","served":true,"storage":true,
           "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
             "image":{"type":"string"},
             "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
                      "items":{"type":"object","required":["name"],"properties":{
                        "name":{"type":"string"},"port":{"type":"integer"}}}},
             "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}},
             "args":{"type":"array","items":{"type":"string"}},
             "selector":{"type":"object","x-kubernetes-map-type":"atomic","additionalProperties":{"type":"string"}},
             "labels":{"type":"object","additionalProperties":{"type":"string"}},
             "free":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}}}]}}
      """;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
    controller = new CustomResourceController(server.registry());
    controller.start();
    HttpResponse<String> r = server.send("POST", CRDS, CRD);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (server.send("GET", BASE, null).statusCode() != 200) {
      assertThat(System.nanoTime()).as("widgets served").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    controller.close();
    server.close();
  }

  static String widget(String name, String spec) {
    return "{\"apiVersion\":\"fields.example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + spec + "}";
  }

  static String message(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body()).at("/message").asText();
  }

  static List<String> warnings(HttpResponse<String> r) {
    return r.headers().allValues("Warning");
  }

  @Nested
  @DisplayName("fieldValidation")
  class FieldValidation {
    @Test
    @DisplayName("Strict refuses a create naming every field the schema would prune, in kube's words (400)")
    void strictCreate() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE + "?fieldValidation=Strict",
          widget("strict", "{\"image\":\"a\",\"foo\":1,\"ports\":[{\"name\":\"http\",\"port\":80,\"extra\":true}],\"free\":{\"any\":1}}"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(JSON.readTree(r.body()).at("/reason").asText()).isEqualTo("BadRequest");
      assertThat(message(r)).isEqualTo("Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: "
          + "unknown field \"spec.foo\", unknown field \"spec.ports[0].extra\"");
      assertThat(server.send("GET", BASE + "/strict", null).statusCode()).isEqualTo(404);
    }

    @Test
    @DisplayName("Strict also names duplicate fields and unknown metadata fields")
    void strictDuplicatesAndMetadata() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE + "?fieldValidation=Strict",
          "{\"apiVersion\":\"fields.example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"dup\",\"colour\":\"red\"},"
              + "\"spec\":{\"image\":\"a\",\"image\":\"b\"}}");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(message(r)).isEqualTo("Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: "
          + "duplicate field \"spec.image\", unknown field \"metadata.colour\"");
    }

    static final String EVERY_KIND = "{\"apiVersion\":\"fields.example.com/v1\",\"kind\":\"Widget\","
        + "\"metadata\":{\"zzz\":1,\"name\":\"%s\",\"aaa\":2},\"top\":3,"
        + "\"spec\":{\"zeta\":1,\"image\":\"a\",\"image\":\"b\",\"ports\":[{\"name\":\"a\",\"extra\":1}],\"alpha\":2}}";

    @Test
    @DisplayName("Strict: one error, kube's order: duplicates, metadata's unknown fields sorted, then the pruned fields sorted")
    void strictOrder() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE + "?fieldValidation=Strict", EVERY_KIND.formatted("ordered"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(message(r)).isEqualTo("Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: "
          + "duplicate field \"spec.image\", unknown field \"metadata.aaa\", unknown field \"metadata.zzz\", "
          + "unknown field \"spec.alpha\", unknown field \"spec.ports[0].extra\", unknown field \"spec.zeta\", unknown field \"top\"");
    }

    @Test
    @DisplayName("Warn: one warning per field, in the same order")
    void warnOrder() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE + "?fieldValidation=Warn", EVERY_KIND.formatted("warned-order"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      assertThat(warnings(r)).containsExactly("299 - \"duplicate field \\\"spec.image\\\"\"",
          "299 - \"unknown field \\\"metadata.aaa\\\"\"", "299 - \"unknown field \\\"metadata.zzz\\\"\"",
          "299 - \"unknown field \\\"spec.alpha\\\"\"", "299 - \"unknown field \\\"spec.ports[0].extra\\\"\"",
          "299 - \"unknown field \\\"spec.zeta\\\"\"", "299 - \"unknown field \\\"top\\\"\"");
    }

    @Test
    @DisplayName("Warn (the default without the parameter) creates the pruned object and warns of each field")
    void warn() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE, widget("warned", "{\"image\":\"a\",\"foo\":1,\"bar\":{\"x\":1}}"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      assertThat(warnings(r)).containsExactly("299 - \"unknown field \\\"spec.bar\\\"\"", "299 - \"unknown field \\\"spec.foo\\\"\"");
      assertThat(JSON.readTree(r.body()).at("/spec").toString()).isEqualTo("{\"image\":\"a\"}");
    }

    @Test
    @DisplayName("Ignore prunes silently")
    void ignore() throws Exception {
      HttpResponse<String> r = server.send("POST", BASE + "?fieldValidation=Ignore", widget("ignored", "{\"image\":\"a\",\"foo\":1}"));
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
      assertThat(warnings(r)).isEmpty();
      assertThat(JSON.readTree(r.body()).at("/spec/foo").isMissingNode()).isTrue();
    }

    @Test
    @DisplayName("updates and merge patches are checked the same way (a patch's error without the kind prefix, as kube)")
    void updateAndPatch() throws Exception {
      HttpResponse<String> created = server.send("POST", BASE, widget("patched", "{\"image\":\"a\"}"));
      assertThat(created.statusCode()).isEqualTo(201);
      HttpResponse<String> r = server.send("PATCH", BASE + "/patched?fieldValidation=Strict", "{\"spec\":{\"foo\":1}}",
          "Content-Type", "application/merge-patch+json");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(message(r)).isEqualTo("strict decoding error: unknown field \"spec.foo\"");
      r = server.send("PATCH", BASE + "/patched", "{\"spec\":{\"foo\":1}}", "Content-Type", "application/merge-patch+json");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(warnings(r)).containsExactly("299 - \"unknown field \\\"spec.foo\\\"\"");

      JsonNode live = JSON.readTree(server.send("GET", BASE + "/patched", null).body());
      ((com.fasterxml.jackson.databind.node.ObjectNode) live.get("spec")).put("other", true);
      r = server.send("PUT", BASE + "/patched?fieldValidation=Strict", live.toString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(message(r)).isEqualTo("Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: "
          + "unknown field \"spec.other\"");
    }
  }

  @Nested
  @DisplayName("server-side apply")
  class ServerSideApply {
    HttpResponse<String> apply(String name, String manager, String spec, boolean force) throws Exception {
      String body = "apiVersion: fields.example.com/v1\nkind: Widget\nmetadata:\n  name: " + name + "\nspec: " + spec + "\n";
      return server.send("PATCH", BASE + "/" + name + "?fieldManager=" + manager + (force ? "&force=true" : ""), body,
          "Content-Type", APPLY);
    }

    JsonNode applied(HttpResponse<String> r) throws Exception {
      assertThat(r.statusCode()).as(r.body()).isIn(200, 201);
      return JSON.readTree(r.body());
    }

    List<String> owned(JsonNode obj, String manager) {
      List<String> out = new ArrayList<>();
      for (JsonNode e : obj.at("/metadata/managedFields")) {
        if (e.path("manager").asText().equals(manager)) {
          out.add(e.path("fieldsV1").toString());
        }
      }
      return out;
    }

    @Test
    @DisplayName("two managers own different entries of a map-list; changing the other's entry conflicts (409) until forced")
    void mapList() throws Exception {
      applied(apply("ports", "alice", "{ports: [{name: http, port: 80}]}", false));
      JsonNode both = applied(apply("ports", "bob", "{ports: [{name: metrics, port: 9090}]}", false));
      assertThat(both.at("/spec/ports").toString())
          .isEqualTo("[{\"name\":\"http\",\"port\":80},{\"name\":\"metrics\",\"port\":9090}]");
      assertThat(owned(both, "alice")).singleElement().asString().contains("\"k:{\\\"name\\\":\\\"http\\\"}\"")
          .doesNotContain("metrics");
      assertThat(owned(both, "bob")).singleElement().asString().contains("\"k:{\\\"name\\\":\\\"metrics\\\"}\"")
          .doesNotContain("http");

      HttpResponse<String> conflict = apply("ports", "bob", "{ports: [{name: metrics, port: 9090}, {name: http, port: 8080}]}", false);
      assertThat(conflict.statusCode()).as(conflict.body()).isEqualTo(409);
      assertThat(message(conflict)).isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.ports[name=\"http\"].port");

      JsonNode forced = applied(apply("ports", "bob", "{ports: [{name: metrics, port: 9090}, {name: http, port: 8080}]}", true));
      assertThat(forced.at("/spec/ports/0/port").asInt()).isEqualTo(8080);
      // alice dropping her entry leaves it: bob owns http's port now, and the key with it
      JsonNode after = applied(apply("ports", "alice", "{}", false));
      assertThat(after.at("/spec/ports").size()).isEqualTo(2);
    }

    @Test
    @DisplayName("a set is merged by value, an atomic list and an atomic map are replaced whole, a granular map by key")
    void setsAtomicsAndMaps() throws Exception {
      applied(apply("kinds", "alice", "{tags: [a], args: [x, y], selector: {app: web}, labels: {team: a}}", false));
      HttpResponse<String> r = apply("kinds", "bob", "{tags: [b], labels: {tier: b}}", false);
      JsonNode merged = applied(r);
      assertThat(merged.at("/spec/tags").toString()).isEqualTo("[\"a\",\"b\"]");
      assertThat(merged.at("/spec/labels").toString()).isEqualTo("{\"team\":\"a\",\"tier\":\"b\"}");

      HttpResponse<String> atomicMap = apply("kinds", "bob", "{selector: {role: db}}", false);
      assertThat(atomicMap.statusCode()).isEqualTo(409);
      assertThat(message(atomicMap)).isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.selector");
      HttpResponse<String> atomicList = apply("kinds", "bob", "{args: [z]}", false);
      assertThat(message(atomicList)).isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.args");

      JsonNode forced = applied(apply("kinds", "bob", "{tags: [b], labels: {tier: b}, selector: {role: db}}", true));
      assertThat(forced.at("/spec/selector").toString()).as("atomic: replaced, not merged").isEqualTo("{\"role\":\"db\"}");
    }

    @Test
    @DisplayName("an applied field the schema does not declare fails the apply, whatever fieldValidation says (400)")
    void undeclared() throws Exception {
      HttpResponse<String> r = apply("undeclared", "alice", "{image: a, foo: 1, free: {anything: [1]}}", false);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
      assertThat(message(r)).isEqualTo("failed to create typed patch object (/undeclared; fields.example.com/v1, Kind=Widget): "
          + ".spec.foo: field not declared in schema");
      r = apply("undeclared", "alice", "{image: a, ports: [{name: http, bad: 1}], free: {anything: [1]}}", false);
      assertThat(message(r)).endsWith(": .spec.ports[name=\"http\"].bad: field not declared in schema");
      assertThat(applied(apply("undeclared", "alice", "{image: a, free: {anything: [1]}}", false)).at("/spec/free/anything/0").asInt())
          .isEqualTo(1);
    }
  }
}
