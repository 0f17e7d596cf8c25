package dev.customapiserver.endpoints;

import static dev.customapiserver.endpoints.RestApiCrudTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The status subresource through the REST layer")
class StatusSubresourceTest {
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String JS = "/apis/autobusi.group.cicd/v1alpha/namespaces/default/jenkinsservices";
  static final String MERGE = "application/merge-patch+json";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode createFoo(String name) throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"" + name
        + "\",\"labels\":{\"team\":\"a\"}},\"spec\":{\"config\":{\"msg\":\"hi\"}},\"status\":{\"phase\":\"Sent\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return json(r);
  }

  @Test
  @DisplayName("a PUT to /status changes only the status: spec, labels and generation stay as stored")
  void putStatusChangesOnlyStatus() throws Exception {
    JsonNode created = createFoo("st-put");
    assertThat(created.at("/status").isMissingNode()).as("status sent on create is dropped by Foo's strategy").isTrue();
    ObjectNode body = created.deepCopy();
    ((ObjectNode) body.at("/spec/config")).put("msg", "changed through status");
    ((ObjectNode) body.at("/metadata/labels")).put("team", "b");
    body.putObject("status").put("phase", "Running");
    HttpResponse<String> r = server.send("PUT", FOOS + "/st-put/status", body.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode updated = json(r);
    assertThat(updated.at("/status/phase").asText()).isEqualTo("Running");
    assertThat(updated.at("/spec/config/msg").asText()).isEqualTo("hi");
    assertThat(updated.at("/metadata/labels/team").asText()).isEqualTo("a");
    assertThat(updated.at("/metadata/generation").asLong()).isEqualTo(1);
    assertThat(updated.at("/metadata/resourceVersion").asText()).isNotEqualTo(created.at("/metadata/resourceVersion").asText());
    JsonNode viaStatus = json(server.send("GET", FOOS + "/st-put/status", null));
    assertThat(viaStatus.at("/status/phase").asText()).isEqualTo("Running");
    assertThat(viaStatus.at("/kind").asText()).isEqualTo("Foo");
  }

  @Test
  @DisplayName("the main resource ignores status changes on update")
  void mainResourceIgnoresStatus() throws Exception {
    createFoo("st-main");
    JsonNode withStatus = json(server.send("PATCH", FOOS + "/st-main/status", "{\"status\":{\"phase\":\"Ready\"}}",
        "Content-Type", MERGE));
    ObjectNode body = withStatus.deepCopy();
    ((ObjectNode) body.get("status")).put("phase", "Hacked");
    ((ObjectNode) body.at("/spec/config")).put("msg", "new");
    JsonNode updated = json(server.send("PUT", FOOS + "/st-main", body.toString()));
    assertThat(updated.at("/status/phase").asText()).isEqualTo("Ready");
    assertThat(updated.at("/spec/config/msg").asText()).isEqualTo("new");
    assertThat(updated.at("/metadata/generation").asLong()).isEqualTo(2);
    JsonNode patched = json(server.send("PATCH", FOOS + "/st-main", "{\"status\":{\"phase\":\"Hacked\"}}", "Content-Type", MERGE));
    assertThat(patched.at("/status/phase").asText()).isEqualTo("Ready");
  }

  @Test
  @DisplayName("a merge patch and a JSON patch on /status set the status")
  void patchStatus() throws Exception {
    createFoo("st-patch");
    HttpResponse<String> merge = server.send("PATCH", FOOS + "/st-patch/status",
        "{\"status\":{\"phase\":\"Ready\",\"conditions\":[{\"type\":\"Ok\",\"status\":\"True\"}]},\"spec\":{\"image\":\"evil\"}}",
        "Content-Type", MERGE);
    assertThat(merge.statusCode()).as(merge.body()).isEqualTo(200);
    assertThat(json(merge).at("/status/conditions/0/type").asText()).isEqualTo("Ok");
    assertThat(json(merge).at("/spec/image").asText()).isEqualTo("nginx:latest");
    HttpResponse<String> jsonPatch = server.send("PATCH", FOOS + "/st-patch/status",
        "[{\"op\":\"replace\",\"path\":\"/status/phase\",\"value\":\"Done\"}]", "Content-Type", "application/json-patch+json");
    assertThat(json(jsonPatch).at("/status/phase").asText()).isEqualTo("Done");
  }

  @Test
  @DisplayName("a status update with a stale resourceVersion is 409 Conflict; without one it is 422")
  void staleStatusUpdate() throws Exception {
    JsonNode created = createFoo("st-stale");
    server.send("PATCH", FOOS + "/st-stale/status", "{\"status\":{\"phase\":\"A\"}}", "Content-Type", MERGE);
    ObjectNode stale = created.deepCopy();
    stale.putObject("status").put("phase", "B");
    HttpResponse<String> r = server.send("PUT", FOOS + "/st-stale/status", stale.toString());
    assertThat(r.statusCode()).isEqualTo(409);
    assertThat(json(r).at("/message").asText()).isEqualTo("Operation cannot be fulfilled on foos.hello.zeng.dev \"st-stale\": "
        + "the object has been modified; please apply your changes to the latest version and try again");
    ((ObjectNode) stale.get("metadata")).remove("resourceVersion");
    HttpResponse<String> none = server.send("PUT", FOOS + "/st-stale/status", stale.toString());
    assertThat(none.statusCode()).isEqualTo(422);
    assertThat(json(none).at("/details/causes/0/field").asText()).isEqualTo("metadata.resourceVersion");
  }

  @Test
  @DisplayName("a dry-run status update answers the result and stores nothing")
  void dryRunStatus() throws Exception {
    createFoo("st-dry");
    HttpResponse<String> r = server.send("PATCH", FOOS + "/st-dry/status?dryRun=All", "{\"status\":{\"phase\":\"Dry\"}}",
        "Content-Type", MERGE);
    assertThat(json(r).at("/status/phase").asText()).isEqualTo("Dry");
    assertThat(json(server.send("GET", FOOS + "/st-dry", null)).at("/status").isMissingNode()).isTrue();
  }

  @Test
  @DisplayName("a JenkinsService is Pending on create whatever was sent; /status may approve it")
  void jenkinsApproval() throws Exception {
    HttpResponse<String> c = server.send("POST", JS, "{\"metadata\":{\"name\":\"ci\"},\"spec\":{\"instanceamount\":2},"
        + "\"status\":{\"approvalstatus\":\"Approved\"}}");
    assertThat(json(c).at("/status/approvalstatus").asText()).isEqualTo("Pending");
    JsonNode approved = json(server.send("PATCH", JS + "/ci/status",
        "{\"status\":{\"approvalstatus\":\"Approved\",\"instances\":[{\"cpu\":1,\"running\":true}]}}", "Content-Type", MERGE));
    assertThat(approved.at("/status/approvalstatus").asText()).isEqualTo("Approved");
    assertThat(approved.at("/status/instances/0/running").asBoolean()).isTrue();
    JsonNode main = json(server.send("PATCH", JS + "/ci", "{\"status\":{\"approvalstatus\":\"Denied\"}}", "Content-Type", MERGE));
    assertThat(main.at("/status/approvalstatus").asText()).isEqualTo("Approved");
  }

  @Test
  @DisplayName("a status write that breaks no rule of spec still fails on an object that does not exist (404)")
  void statusOfMissingObject() throws Exception {
    HttpResponse<String> r = server.send("PATCH", FOOS + "/nope/status", "{\"status\":{\"phase\":\"x\"}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(json(r).at("/message").asText()).isEqualTo("foos.hello.zeng.dev \"nope\" not found");
  }

  @Test
  @DisplayName("unknown subresources and kinds without status are 404; verbs a subresource lacks are 405")
  void unknownSubresourceAndWrongVerb() throws Exception {
    createFoo("st-verbs");
    HttpResponse<String> unknown = server.send("GET", FOOS + "/st-verbs/bogus", null);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(json(unknown).at("/reason").asText()).isEqualTo("NotFound");
    assertThat(server.send("GET", "/apis/wardle.example.com/v1alpha1/fischers/f/status", null).statusCode()).isEqualTo(404);
    assertThat(server.send("GET", FOOS + "/st-verbs/scale", null).statusCode()).isEqualTo(404);
    HttpResponse<String> post = server.send("POST", FOOS + "/st-verbs/status", "{}");
    assertThat(post.statusCode()).isEqualTo(405);
    assertThat(json(post).at("/reason").asText()).isEqualTo("MethodNotAllowed");
    assertThat(server.send("DELETE", FOOS + "/st-verbs/status", null).statusCode()).isEqualTo(405);
    assertThat(server.send("PUT", JS + "/x/log", "{}").statusCode()).isEqualTo(405);
  }
}
