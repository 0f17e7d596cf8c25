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
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CustomResourceDefinitions: the CronTab of the Kubernetes docs served through the REST layer")
class CustomResourcesRestTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final String CRONTABS = "/apis/stable.example.com/v1/namespaces/default/crontabs";
  static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;
  static CustomResourceController controller;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
    controller = new CustomResourceController(server.registry());
    controller.start();
  }

  @AfterAll
  static void stop() throws Exception {
    controller.close();
    server.close();
  }

  static String crd(String plural, String kind, String shortName, String scope) {
    return """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"%1$s.stable.example.com"},
         "spec":{"group":"stable.example.com","scope":"%4$s",
           "names":{"plural":"%1$s","kind":"%2$s","shortNames":["%3$s"]},
           "versions":[{"name":"v1","served":true,"storage":true,
             "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
               "cronSpec":{"type":"string"},"image":{"type":"string"},"replicas":{"type":"integer","default":1}}}}}}}]}}
        """.formatted(plural, kind, shortName, scope);
  }

  static String cronTab(String name, String labels) {
    return "{\"apiVersion\":\"stable.example.com/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"" + name
        + "\",\"labels\":" + labels + "},\"spec\":{\"cronSpec\":\"* * * * */5\",\"image\":\"my-awesome-cron-image\",\"unknown\":true}}";
  }

  /** Polls {@code path} until {@code done} holds for its body (the controller works in the background). */
  static JsonNode eventually(String path, Predicate<HttpResponse<String>> done) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    HttpResponse<String> r;
    do {
      r = server.send("GET", path, null);
      if (done.test(r)) {
        return r.body().isEmpty() ? null : JSON.readTree(r.body());
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("not reached for " + path + ": " + r.statusCode() + " " + r.body());
  }

  static boolean established(HttpResponse<String> r) {
    return r.statusCode() == 200 && r.body().contains("\"Established\",\"status\":\"True\"");
  }

  @Test
  @DisplayName("a CRD is accepted and established; its objects are created, listed, selected, paged, patched and deleted; "
      + "deleting the CRD deletes them and the endpoints answer 404")
  void lifecycle() throws Exception {
    HttpResponse<String> before = server.send("GET", "/apis", null, "Accept", AGGREGATED);
    String etagBefore = before.headers().firstValue("ETag").orElseThrow();

    HttpResponse<String> r = server.send("POST", CRDS, crd("crontabs", "CronTab", "ct", "Namespaced"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode created = JSON.readTree(r.body());
    assertThat(created.at("/spec/names/singular").asText()).isEqualTo("crontab");
    assertThat(created.at("/spec/names/listKind").asText()).isEqualTo("CronTabList");
    assertThat(created.at("/spec/conversion/strategy").asText()).isEqualTo("None");
    assertThat(created.at("/status/storedVersions").toString()).isEqualTo("[\"v1\"]");

    JsonNode crd = eventually(CRDS + "/crontabs.stable.example.com", CustomResourcesRestTest::established);
    List<String> conditions = new ArrayList<>();
    crd.at("/status/conditions").forEach(c -> conditions.add(c.at("/type").asText() + "=" + c.at("/status").asText()
        + " " + c.at("/reason").asText()));
    assertThat(conditions).containsExactly("NamesAccepted=True NoConflicts", "Established=True InitialNamesAccepted");
    assertThat(crd.at("/status/acceptedNames/shortNames/0").asText()).isEqualTo("ct");

    // discovery: the group, its version, the resource with short name and singular; the aggregated ETag changed
    JsonNode list = eventually("/apis/stable.example.com/v1", x -> x.statusCode() == 200);
    assertThat(list.at("/resources/0/name").asText()).isEqualTo("crontabs");
    assertThat(list.at("/resources/0/singularName").asText()).isEqualTo("crontab");
    assertThat(list.at("/resources/0/shortNames/0").asText()).isEqualTo("ct");
    assertThat(list.at("/resources/0/kind").asText()).isEqualTo("CronTab");
    assertThat(list.at("/resources/0/namespaced").asBoolean()).isTrue();
    assertThat(JSON.readTree(server.send("GET", "/apis/stable.example.com", null).body()).at("/preferredVersion/version").asText())
        .isEqualTo("v1");
    HttpResponse<String> after = server.send("GET", "/apis", null, "Accept", AGGREGATED);
    String etagAfter = after.headers().firstValue("ETag").orElseThrow();
    assertThat(etagAfter).isNotEqualTo(etagBefore);
    assertThat(after.body()).contains("\"resource\":\"crontabs\"");
    assertThat(server.send("GET", "/apis", null, "Accept", AGGREGATED, "If-None-Match", etagAfter).statusCode()).isEqualTo(304);
    assertThat(server.send("GET", "/apis", null, "Accept", AGGREGATED, "If-None-Match", etagBefore).statusCode()).isEqualTo(200);

    // CRUD, selectors, pagination
    r = server.send("POST", CRONTABS, cronTab("my-new-cron-object", "{\"app\":\"a\"}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode obj = JSON.readTree(r.body());
    assertThat(obj.at("/apiVersion").asText()).isEqualTo("stable.example.com/v1");
    assertThat(obj.at("/spec/image").asText()).isEqualTo("my-awesome-cron-image");
    assertThat(obj.at("/metadata/uid").asText()).isNotEmpty();
    assertThat(obj.at("/spec/replicas").asInt()).as("defaulted from the schema").isEqualTo(1);
    assertThat(obj.at("/spec/unknown").isMissingNode()).as("pruned: not in the schema").isTrue();
    r = server.send("POST", CRONTABS, cronTab("bad", "{}").replace("\"image\"", "\"replicas\":\"three\",\"image\""));
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(r.body()).at("/message").asText()).isEqualTo("CronTab.stable.example.com \"bad\" is invalid: "
        + "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"");
    assertThat(server.send("POST", CRONTABS, cronTab("second", "{\"app\":\"b\"}")).statusCode()).isEqualTo(201);
    assertThat(server.send("POST", CRONTABS, cronTab("second", "{}")).statusCode()).isEqualTo(409);

    JsonNode all = JSON.readTree(server.send("GET", CRONTABS, null).body());
    assertThat(all.at("/kind").asText()).isEqualTo("CronTabList");
    assertThat(all.at("/items").size()).isEqualTo(2);
    assertThat(JSON.readTree(server.send("GET", CRONTABS + "?labelSelector=app%3Db", null).body()).at("/items/0/metadata/name")
        .asText()).isEqualTo("second");
    JsonNode byName = JSON.readTree(server.send("GET", "/apis/stable.example.com/v1/crontabs?fieldSelector=metadata.name%3Dsecond",
        null).body());
    assertThat(byName.at("/items").size()).isEqualTo(1);
    assertThat(JSON.readTree(server.send("GET", CRONTABS + "?fieldSelector=metadata.namespace%3Dother", null).body())
        .at("/items").size()).isZero();
    JsonNode page = JSON.readTree(server.send("GET", CRONTABS + "?limit=1", null).body());
    assertThat(page.at("/items").size()).isEqualTo(1);
    String token = page.at("/metadata/continue").asText();
    assertThat(token).isNotEmpty();
    JsonNode rest = JSON.readTree(server.send("GET", CRONTABS + "?limit=1&continue=" + java.net.URLEncoder.encode(token, java.nio.charset.StandardCharsets.UTF_8), null).body());
    assertThat(rest.at("/items/0/metadata/name").asText()).isNotEqualTo(page.at("/items/0/metadata/name").asText());

    r = server.send("PATCH", CRONTABS + "/second", "{\"spec\":{\"replicas\":3}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(JSON.readTree(r.body()).at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(JSON.readTree(r.body()).at("/metadata/generation").asInt()).isEqualTo(2);
    r = server.send("PATCH", CRONTABS + "/second", "{\"spec\":{\"replicas\":4}}", "Content-Type",
        "application/strategic-merge-patch+json");
    assertThat(r.statusCode()).as("strategic merge patch is refused for custom resources, as kube does").isEqualTo(415);

    r = server.send("GET", CRONTABS + "/second", null, "Accept", "application/json;as=Table;v=v1;g=meta.k8s.io");
    assertThat(JSON.readTree(r.body()).at("/rows/0/cells/0").asText()).isEqualTo("second");
    assertThat(server.send("DELETE", CRONTABS + "/second", null).statusCode()).isEqualTo(200);
    assertThat(server.send("GET", CRONTABS + "/second", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", "/apis/stable.example.com/v1/namespaces/default/nothings", null).statusCode()).isEqualTo(404);

    // deleting the CRD: Terminating, its objects deleted, then the CRD and its endpoints gone
    r = server.send("DELETE", CRDS + "/crontabs.stable.example.com", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    eventually(CRDS + "/crontabs.stable.example.com", x -> x.statusCode() == 404);
    eventually(CRONTABS, x -> x.statusCode() == 404);
    assertThat(server.send("GET", "/apis/stable.example.com/v1", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", "/apis", null).body()).doesNotContain("stable.example.com");

    // created again: the old objects are gone
    assertThat(server.send("POST", CRDS, crd("crontabs", "CronTab", "ct", "Namespaced")).statusCode()).isEqualTo(201);
    eventually(CRONTABS, x -> x.statusCode() == 200 && x.body().contains("\"items\":[]"));
    assertThat(server.send("DELETE", CRDS + "/crontabs.stable.example.com", null).statusCode()).isEqualTo(200);
    eventually(CRDS + "/crontabs.stable.example.com", x -> x.statusCode() == 404);
  }

  @Test
  @DisplayName("a cluster-scoped CRD is served without namespaces; a second CRD claiming its short name is NamesAccepted=False")
  void clusterScopeAndConflicts() throws Exception {
    assertThat(server.send("POST", CRDS, crd("backups", "Backup", "bk", "Cluster").replace("stable.example.com",
        "ops.example.com")).statusCode()).isEqualTo(201);
    eventually(CRDS + "/backups.ops.example.com", CustomResourcesRestTest::established);
    HttpResponse<String> r = server.send("POST", CRDS, crd("archives", "Archive", "bk", "Cluster").replace("stable.example.com",
        "ops.example.com"));
    assertThat(r.statusCode()).isEqualTo(201);
    JsonNode refused = eventually(CRDS + "/archives.ops.example.com", x -> x.body().contains("ShortNamesConflict"));
    JsonNode names = refused.at("/status/conditions/0");
    assertThat(names.at("/type").asText() + " " + names.at("/status").asText() + " " + names.at("/message").asText())
        .isEqualTo("NamesAccepted False \"bk\" is already in use");
    assertThat(refused.at("/status/conditions/1/reason").asText()).isEqualTo("NotAccepted");

    String backup = "{\"apiVersion\":\"ops.example.com/v1\",\"kind\":\"Backup\",\"metadata\":{\"name\":\"nightly\"},\"spec\":{}}";
    r = server.send("POST", "/apis/ops.example.com/v1/backups", backup);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(JSON.readTree(r.body()).at("/metadata/namespace").isMissingNode()).isTrue();
    assertThat(server.send("GET", "/apis/ops.example.com/v1/namespaces/default/backups", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", "/apis/ops.example.com/v1/archives", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", "/apis/ops.example.com/v1/backups/nightly", null).statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("an invalid CRD is 422 with kube-apiserver's field errors")
  void invalid() throws Exception {
    String body = crd("widgets", "Widget", "wd", "Regional").replace("\"name\":\"widgets.stable.example.com\"",
        "\"name\":\"gadgets.stable.example.com\"").replace("\"storage\":true", "\"storage\":false")
        .replace("\"spec\":{\"type\":\"object\",", "\"spec\":{");
    HttpResponse<String> r = server.send("POST", CRDS, body);
    assertThat(r.statusCode()).isEqualTo(422);
    List<String> causes = new ArrayList<>();
    JSON.readTree(r.body()).at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message")
        .asText()));
    assertThat(causes).contains(
        "metadata.name: Invalid value: \"gadgets.stable.example.com\": must be spec.names.plural+\".\"+spec.group",
        "spec.scope: Unsupported value: \"Regional\": supported values: \"Cluster\", \"Namespaced\"");
    assertThat(causes).anyMatch(c -> c.startsWith("spec.validation.openAPIV3Schema.properties[spec]"));
    assertThat(causes).anyMatch(c -> c.startsWith("spec.versions: Invalid value: ") && c.endsWith(
        ": must have exactly one version marked as storage version"));
  }

  @Test
  @DisplayName("selectableFields select by field; a Terminating CRD refuses creates with 405 until its objects are gone")
  void selectableFieldsAndTerminating() throws Exception {
    String crd = """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"things.hold.example.com"},
         "spec":{"group":"hold.example.com","scope":"Namespaced","names":{"plural":"things","kind":"Thing"},
           "versions":[{"name":"v1","served":true,"storage":true,"selectableFields":[{"jsonPath":".spec.color"}],
             "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
               "color":{"type":"string"}}}}}}}]}}
        """;
    String things = "/apis/hold.example.com/v1/namespaces/default/things";
    assertThat(server.send("POST", CRDS, crd).statusCode()).isEqualTo(201);
    eventually(CRDS + "/things.hold.example.com", CustomResourcesRestTest::established);
    eventually(things, x -> x.statusCode() == 200);
    for (String[] t : new String[][] {{"red-one", "red"}, {"blue-one", "blue"}}) {
      HttpResponse<String> r = server.send("POST", things, "{\"apiVersion\":\"hold.example.com/v1\",\"kind\":\"Thing\","
          + "\"metadata\":{\"name\":\"" + t[0] + "\",\"finalizers\":[\"example.com/hold\"]},\"spec\":{\"color\":\"" + t[1] + "\"}}");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    }
    JsonNode red = JSON.readTree(server.send("GET", things + "?fieldSelector=spec.color%3Dred", null).body());
    assertThat(red.at("/items").size()).isEqualTo(1);
    assertThat(red.at("/items/0/metadata/name").asText()).isEqualTo("red-one");
    assertThat(server.send("GET", things + "?fieldSelector=spec.size%3D1", null).statusCode()).isEqualTo(400);

    assertThat(server.send("DELETE", CRDS + "/things.hold.example.com", null).statusCode()).isEqualTo(200);
    String another = "{\"apiVersion\":\"hold.example.com/v1\",\"kind\":\"Thing\",\"metadata\":{\"name\":\"late\"}}";
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    HttpResponse<String> refused;
    do {
      refused = server.send("POST", things, another);
      if (refused.statusCode() == 201) {
        server.send("DELETE", things + "/late", null);
      }
    } while (refused.statusCode() != 403 && System.nanoTime() < deadline);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(JSON.readTree(refused.body()).at("/message").asText())
        .isEqualTo("things.hold.example.com \"late\" is forbidden: create not allowed while custom resource definition is terminating");
    JsonNode terminating = JSON.readTree(server.send("GET", CRDS + "/things.hold.example.com", null).body());
    assertThat(terminating.at("/metadata/finalizers/0").asText()).isEqualTo("customresourcecleanup.apiextensions.k8s.io");
    assertThat(terminating.toString()).contains("\"type\":\"Terminating\",\"status\":\"True\"");

    for (String name : List.of("red-one", "blue-one")) {
      HttpResponse<String> r = server.send("PATCH", things + "/" + name, "{\"metadata\":{\"finalizers\":null}}",
          "Content-Type", "application/merge-patch+json");
      assertThat(r.statusCode()).as(r.body()).isIn(200, 404);
    }
    eventually(CRDS + "/things.hold.example.com", x -> x.statusCode() == 404);
    eventually(things, x -> x.statusCode() == 404);
  }
}
