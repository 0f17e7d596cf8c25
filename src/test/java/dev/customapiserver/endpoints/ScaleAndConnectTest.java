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

@DisplayName("The scale and log subresources of JenkinsService through the REST layer")
class ScaleAndConnectTest {
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

  static JsonNode create(String name, int instances) throws Exception {
    HttpResponse<String> r = server.send("POST", JS, "{\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{\"instanceamount\":"
        + instances + "}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return json(r);
  }

  @Test
  @DisplayName("GET /scale is an autoscaling/v1 Scale with the object's metadata and instanceamount as replicas")
  void getScale() throws Exception {
    JsonNode js = create("sc-get", 2);
    HttpResponse<String> r = server.send("GET", JS + "/sc-get/scale", null);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode s = json(r);
    assertThat(s.at("/apiVersion").asText()).isEqualTo("autoscaling/v1");
    assertThat(s.at("/kind").asText()).isEqualTo("Scale");
    assertThat(s.at("/metadata/name").asText()).isEqualTo("sc-get");
    assertThat(s.at("/metadata/namespace").asText()).isEqualTo("default");
    assertThat(s.at("/metadata/uid").asText()).isEqualTo(js.at("/metadata/uid").asText());
    assertThat(s.at("/metadata/resourceVersion").asText()).isEqualTo(js.at("/metadata/resourceVersion").asText());
    assertThat(s.at("/metadata/creationTimestamp").asText()).isEqualTo(js.at("/metadata/creationTimestamp").asText());
    assertThat(s.at("/metadata/labels").isMissingNode()).isTrue();
    assertThat(s.at("/spec/replicas").asInt()).isEqualTo(2);
    assertThat(s.at("/status/replicas").asInt()).isZero();
  }

  @Test
  @DisplayName("PUT and merge PATCH of /scale set spec.instanceamount and bump generation")
  void writeScale() throws Exception {
    create("sc-write", 1);
    ObjectNode scale = (ObjectNode) json(server.send("GET", JS + "/sc-write/scale", null));
    ((ObjectNode) scale.get("spec")).put("replicas", 4);
    HttpResponse<String> put = server.send("PUT", JS + "/sc-write/scale", scale.toString());
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
    assertThat(json(put).at("/spec/replicas").asInt()).isEqualTo(4);
    HttpResponse<String> patch = server.send("PATCH", JS + "/sc-write/scale", "{\"spec\":{\"replicas\":7}}", "Content-Type", MERGE);
    assertThat(patch.statusCode()).as(patch.body()).isEqualTo(200);
    JsonNode js = json(server.send("GET", JS + "/sc-write", null));
    assertThat(js.at("/spec/instanceamount").asInt()).isEqualTo(7);
    assertThat(js.at("/spec/instancecpu").asInt()).isEqualTo(1);
    assertThat(js.at("/metadata/generation").asInt()).isEqualTo(3);
    assertThat(js.at("/status/approvalstatus").asText()).isEqualTo("Pending");
  }

  @Test
  @DisplayName("replicas out of instanceamount's range are 422 on the JenkinsService field; negative ones on the Scale")
  void scaleOutOfRange() throws Exception {
    create("sc-range", 1);
    HttpResponse<String> r = server.send("PATCH", JS + "/sc-range/scale", "{\"spec\":{\"replicas\":11}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).isEqualTo(422);
    JsonNode s = json(r);
    assertThat(s.at("/details/kind").asText()).isEqualTo("JenkinsService");
    assertThat(s.at("/details/causes/0/field").asText()).isEqualTo("spec.instanceamount");
    assertThat(s.at("/message").asText()).startsWith("JenkinsService.autobusi.group.cicd \"sc-range\" is invalid: spec.instanceamount");
    HttpResponse<String> negative = server.send("PATCH", JS + "/sc-range/scale", "{\"spec\":{\"replicas\":-1}}",
        "Content-Type", MERGE);
    assertThat(negative.statusCode()).isEqualTo(422);
    assertThat(json(negative).at("/message").asText())
        .isEqualTo("Scale.autoscaling \"sc-range\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0");
    assertThat(json(server.send("GET", JS + "/sc-range", null)).at("/spec/instanceamount").asInt()).isEqualTo(1);
  }

  @Test
  @DisplayName("a Scale with a stale resourceVersion is 409; dry run changes nothing; a missing object is 404")
  void scaleConcurrencyAndDryRun() throws Exception {
    create("sc-cc", 1);
    ObjectNode scale = (ObjectNode) json(server.send("GET", JS + "/sc-cc/scale", null));
    server.send("PATCH", JS + "/sc-cc/scale", "{\"spec\":{\"replicas\":2}}", "Content-Type", MERGE);
    ((ObjectNode) scale.get("spec")).put("replicas", 3);
    HttpResponse<String> stale = server.send("PUT", JS + "/sc-cc/scale", scale.toString());
    assertThat(stale.statusCode()).isEqualTo(409);
    assertThat(json(stale).at("/reason").asText()).isEqualTo("Conflict");
    HttpResponse<String> dry = server.send("PATCH", JS + "/sc-cc/scale?dryRun=All", "{\"spec\":{\"replicas\":9}}",
        "Content-Type", MERGE);
    assertThat(json(dry).at("/spec/replicas").asInt()).isEqualTo(9);
    assertThat(json(server.send("GET", JS + "/sc-cc/scale", null)).at("/spec/replicas").asInt()).isEqualTo(2);
    HttpResponse<String> missing = server.send("GET", JS + "/nope/scale", null);
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(json(missing).at("/message").asText()).isEqualTo("jenkinsservices.autobusi.group.cicd \"nope\" not found");
  }

  @Test
  @DisplayName("GET /log streams plain text: a header, then one line per instance in status")
  void log() throws Exception {
    create("lg", 2);
    server.send("PATCH", JS + "/lg/status", "{\"status\":{\"instances\":[{\"cpu\":1,\"running\":true},{\"cpu\":1,\"running\":false}]}}",
        "Content-Type", MERGE);
    HttpResponse<String> r = server.send("GET", JS + "/lg/log", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
    assertThat(r.body().lines().toList()).containsExactly(
        "jenkinsservice default/lg: 2 instance(s) of 1 CPU requested, approval Pending",
        "instance 0: cpu=1 running",
        "instance 1: cpu=1 not running");
    HttpResponse<String> missing = server.send("GET", JS + "/nope/log", null);
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(json(missing).at("/message").asText()).isEqualTo("jenkinsservices.autobusi.group.cicd \"nope\" not found");
  }

  @Test
  @DisplayName("discovery lists foos/status, jenkinsservices/scale (autoscaling/v1 Scale) and jenkinsservices/log")
  void discovery() throws Exception {
    JsonNode foos = json(server.send("GET", "/apis/hello.zeng.dev/v2", null));
    JsonNode status = find(foos.get("resources"), "name", "foos/status");
    assertThat(status.get("kind").asText()).isEqualTo("Foo");
    assertThat(status.get("namespaced").asBoolean()).isTrue();
    assertThat(status.get("verbs")).extracting(JsonNode::asText).containsExactly("get", "patch", "update");
    JsonNode cicd = json(server.send("GET", "/apis/autobusi.group.cicd/v1alpha", null));
    JsonNode scale = find(cicd.get("resources"), "name", "jenkinsservices/scale");
    assertThat(scale.get("group").asText()).isEqualTo("autoscaling");
    assertThat(scale.get("version").asText()).isEqualTo("v1");
    assertThat(scale.get("kind").asText()).isEqualTo("Scale");
    assertThat(find(cicd.get("resources"), "name", "jenkinsservices/log").get("verbs")).extracting(JsonNode::asText)
        .containsExactly("get");

    JsonNode aggregated = json(server.send("GET", "/apis", null,
        "Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"));
    JsonNode js = null;
    for (JsonNode group : aggregated.get("items")) {
      if (group.at("/metadata/name").asText().equals("autobusi.group.cicd")) {
        js = find(group.at("/versions/0/resources"), "resource", "jenkinsservices");
      }
    }
    assertThat(js).isNotNull();
    JsonNode sub = find(js.get("subresources"), "subresource", "scale");
    assertThat(sub.at("/responseKind/group").asText()).isEqualTo("autoscaling");
    assertThat(sub.at("/responseKind/kind").asText()).isEqualTo("Scale");
    assertThat(find(js.get("subresources"), "subresource", "status").get("verbs")).extracting(JsonNode::asText)
        .containsExactly("get", "patch", "update");
  }

  @Test
  @DisplayName("OpenAPI documents the status, scale and log paths")
  void openApi() throws Exception {
    JsonNode doc = json(server.send("GET", "/openapi/v3/apis/autobusi.group.cicd/v1alpha", null));
    String item = "/apis/autobusi.group.cicd/v1alpha/namespaces/{namespace}/jenkinsservices/{name}";
    JsonNode paths = doc.get("paths");
    assertThat(paths.get(item + "/status").has("put")).isTrue();
    assertThat(paths.at("/" + (item + "/scale").replace("~", "~0").replace("/", "~1") + "/get/responses/200/content/"
        + "application~1json/schema/$ref").asText()).isEqualTo("#/components/schemas/io.k8s.api.autoscaling.v1.Scale");
    assertThat(paths.get(item + "/scale").has("patch")).isTrue();
    assertThat(paths.get(item + "/log").at("/get/x-kubernetes-action").asText()).isEqualTo("connect");
    assertThat(doc.at("/components/schemas/io.k8s.api.autoscaling.v1.Scale/properties/spec").isMissingNode()).isFalse();
  }

  static JsonNode find(JsonNode array, String field, String value) {
    for (JsonNode n : array) {
      if (n.path(field).asText().equals(value)) {
        return n;
      }
    }
    throw new AssertionError("no entry with " + field + "=" + value + " in " + array);
  }
}
