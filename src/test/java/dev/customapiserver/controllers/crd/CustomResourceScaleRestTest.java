package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRDs: the scale subresource (subresources.scale) as kube-apiserver serves it")
class CustomResourceScaleRestTest {
  static final String GROUP = "scale.example.com";
  static final String BASE = "/apis/" + GROUP + "/v1/namespaces/default/crontabs";
  static final String VERSIONS = """
      [{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","properties":{
          "spec":{"type":"object","properties":{"replicas":{"type":"integer"},"image":{"type":"string"}}},
          "status":{"type":"object","properties":{"replicas":{"type":"integer"},"labelSelector":{"type":"string"}}}}}},
        "subresources":{"status":{},"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas",
          "labelSelectorPath":".status.labelSelector"}}}]
      """;
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, VERSIONS);
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static String cronTab(String name, String spec) {
    return "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + spec + "}";
  }

  @Test
  @DisplayName("discovery lists crontabs/scale as autoscaling/v1 Scale with get, patch and update")
  void discovery() throws Exception {
    JsonNode list = json(f.send("GET", "/apis/" + GROUP + "/v1", null));
    JsonNode scale = null;
    for (JsonNode r : list.at("/resources")) {
      if (r.at("/name").asText().equals("crontabs/scale")) {
        scale = r;
      }
    }
    assertThat(scale).as(list.toString()).isNotNull();
    assertThat(scale.at("/group").asText()).isEqualTo("autoscaling");
    assertThat(scale.at("/version").asText()).isEqualTo("v1");
    assertThat(scale.at("/kind").asText()).isEqualTo("Scale");
    assertThat(scale.at("/verbs").toString()).isEqualTo("[\"get\",\"patch\",\"update\"]");
  }

  @Test
  @DisplayName("OpenAPI v3: the /scale operations carry the custom resource's own group-version-kind, as kube's CRD builder "
      + "tags every route; a built-in kind's carry autoscaling/v1 Scale")
  void openApiScaleKind() throws Exception {
    JsonNode doc = json(f.send("GET", "/openapi/v3/apis/" + GROUP + "/v1", null));
    JsonNode scale = doc.at("/paths/~1apis~1" + GROUP + "~1v1~1namespaces~1{namespace}~1crontabs~1{name}~1scale");
    for (String op : new String[] {"get", "put", "patch"}) {
      assertThat(scale.at("/" + op + "/x-kubernetes-group-version-kind")).as(op)
          .isEqualTo(CrdFixture.JSON.readTree("{\"group\":\"" + GROUP + "\",\"version\":\"v1\",\"kind\":\"CronTab\"}"));
    }
    JsonNode builtIn = json(f.send("GET", "/openapi/v3/apis/autobusi.group.cicd/v1alpha", null)).at("/paths");
    JsonNode jenkinsScale = null;
    for (var it = builtIn.fields(); it.hasNext(); ) {
      var e = it.next();
      if (e.getKey().endsWith("/jenkinsservices/{name}/scale")) {
        jenkinsScale = e.getValue();
      }
    }
    assertThat(jenkinsScale).as(builtIn.toString()).isNotNull();
    assertThat(jenkinsScale.at("/get/x-kubernetes-group-version-kind"))
        .isEqualTo(CrdFixture.JSON.readTree("{\"group\":\"autoscaling\",\"version\":\"v1\",\"kind\":\"Scale\"}"));
  }

  @Test
  @DisplayName("GET, PUT and merge PATCH of .../scale read and write spec.replicas; status replicas and selector come from status")
  void readAndWrite() throws Exception {
    assertThat(f.send("POST", BASE, cronTab("web", "{\"replicas\":2,\"image\":\"nginx\"}")).statusCode()).isEqualTo(201);
    HttpResponse<String> r = f.send("GET", BASE + "/web/scale", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode scale = json(r);
    assertThat(scale.at("/kind").asText()).isEqualTo("Scale");
    assertThat(scale.at("/apiVersion").asText()).isEqualTo("autoscaling/v1");
    assertThat(scale.at("/metadata/name").asText()).isEqualTo("web");
    assertThat(scale.at("/metadata/namespace").asText()).isEqualTo("default");
    assertThat(scale.at("/spec/replicas").asInt()).isEqualTo(2);
    assertThat(scale.at("/status/replicas").asInt()).isZero();
    assertThat(scale.at("/status/selector").isMissingNode()).isTrue();

    r = f.send("PUT", BASE + "/web/scale", "{\"apiVersion\":\"autoscaling/v1\",\"kind\":\"Scale\",\"metadata\":{\"name\":\"web\","
        + "\"namespace\":\"default\"},\"spec\":{\"replicas\":5}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r).at("/spec/replicas").asInt()).isEqualTo(5);
    assertThat(json(f.send("GET", BASE + "/web", null)).at("/spec/replicas").asInt()).isEqualTo(5);

    r = f.send("PATCH", BASE + "/web/scale", "{\"spec\":{\"replicas\":3}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode obj = json(f.send("GET", BASE + "/web", null));
    assertThat(obj.at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(obj.at("/spec/image").asText()).as("the rest of the object is kept").isEqualTo("nginx");

    ((com.fasterxml.jackson.databind.node.ObjectNode) obj).putObject("status").put("replicas", 3).put("labelSelector", "app=web");
    r = f.send("PUT", BASE + "/web/status", obj.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    scale = json(f.send("GET", BASE + "/web/scale", null));
    assertThat(scale.at("/status/replicas").asInt()).isEqualTo(3);
    assertThat(scale.at("/status/selector").asText()).isEqualTo("app=web");
  }

  @Test
  @DisplayName("negative replicas are the custom resource's 422 on its own path, as kube words it")
  void negative() throws Exception {
    assertThat(f.send("POST", BASE, cronTab("neg", "{\"replicas\":1}")).statusCode()).isEqualTo(201);
    HttpResponse<String> r = f.send("PATCH", BASE + "/neg/scale", "{\"spec\":{\"replicas\":-1}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo(
        "CronTab." + GROUP + " \"neg\" is invalid: .spec.replicas: Invalid value: -1: should be a non-negative integer");
    r = f.send("POST", BASE, cronTab("neg2", "{\"replicas\":-2}"));
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo(
        "CronTab." + GROUP + " \"neg2\" is invalid: .spec.replicas: Invalid value: -2: should be a non-negative integer");
  }

  @Test
  @DisplayName("an object without spec replicas: GET is kube's 500, a write that does not set them its 400, one that does works")
  void missingReplicas() throws Exception {
    assertThat(f.send("POST", BASE, cronTab("empty", "{\"image\":\"x\"}")).statusCode()).isEqualTo(201);
    HttpResponse<String> r = f.send("GET", BASE + "/empty/scale", null);
    assertThat(r.statusCode()).isEqualTo(500);
    assertThat(json(r).at("/reason").asText()).isEqualTo("InternalError");
    assertThat(json(r).at("/message").asText())
        .isEqualTo("Internal error occurred: the spec replicas field \".spec.replicas\" does not exist");
    r = f.send("PATCH", BASE + "/empty/scale", "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(json(r).at("/message").asText()).isEqualTo("the spec replicas field \".spec.replicas\" cannot be empty");
    r = f.send("PATCH", BASE + "/empty/scale", "{\"spec\":{\"replicas\":4}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(f.send("GET", BASE + "/empty", null)).at("/spec/replicas").asInt()).isEqualTo(4);
  }

  @Test
  @DisplayName("404 for a missing object; strategic merge patch of a custom resource's scale is 415 as kube")
  void errors() throws Exception {
    HttpResponse<String> r = f.send("GET", BASE + "/nope/scale", null);
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(json(r).at("/message").asText()).isEqualTo("crontabs." + GROUP + " \"nope\" not found");
    assertThat(f.send("POST", BASE, cronTab("smp", "{\"replicas\":1}")).statusCode()).isEqualTo(201);
    r = f.send("PATCH", BASE + "/smp/scale", "{\"spec\":{\"replicas\":2}}", "Content-Type",
        "application/strategic-merge-patch+json");
    assertThat(r.statusCode()).isEqualTo(415);
  }

  @Test
  @DisplayName("a definition without the scale subresource has no .../scale (404); bad scale paths are kube's 422")
  void definitionChecks() throws Exception {
    String plain = CrdFixture.crd("plain.example.com", "widgets", "Widget", """
        [{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object",
          "x-kubernetes-preserve-unknown-fields":true}}}]""");
    f.define(plain, "plain.example.com", "v1", "widgets");
    assertThat(f.send("POST", "/apis/plain.example.com/v1/namespaces/default/widgets",
        "{\"apiVersion\":\"plain.example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w\"}}").statusCode()).isEqualTo(201);
    assertThat(f.send("GET", "/apis/plain.example.com/v1/namespaces/default/widgets/w/scale", null).statusCode()).isEqualTo(404);

    String bad = CrdFixture.crd("bad.example.com", "gadgets", "Gadget", """
        [{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}},
          "subresources":{"scale":{"specReplicasPath":"spec.replicas","statusReplicasPath":".spec.replicas",
            "labelSelectorPath":".metadata.labels"}}}]""");
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS, bad);
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io \"gadgets.bad.example.com\" "
        + "is invalid: [spec.subresources.scale.specReplicasPath: Invalid value: \"spec.replicas\": must be a simple json path "
        + "starting with ., spec.subresources.scale.statusReplicasPath: Invalid value: \".spec.replicas\": should be a json path "
        + "under .status, spec.subresources.scale.labelSelectorPath: Invalid value: \".metadata.labels\": should be a json path "
        + "under either .spec or .status]");
    r = f.send("POST", CrdFixture.CRDS, bad.replace("\"specReplicasPath\":\"spec.replicas\",", ""));
    assertThat(json(r).at("/message").asText()).contains("spec.subresources.scale.specReplicasPath: Required value");
  }
}
