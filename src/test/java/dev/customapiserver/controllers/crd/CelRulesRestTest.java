package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRD validation rules (CEL) through the REST layer: kube's 422 bodies")
class CelRulesRestTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final String CRONTABS = "/apis/cel.example.com/v1/namespaces/default/crontabs";
  static final String MERGE = "application/merge-patch+json";
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

  static String crd(String rules) {
    return """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"crontabs.cel.example.com"},
         "spec":{"group":"cel.example.com","scope":"Namespaced","names":{"plural":"crontabs","kind":"CronTab"},
           "versions":[{"name":"v1","served":true,"storage":true,
             "schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object",
               "x-kubernetes-validations":%s,
               "properties":{"mode":{"type":"string"},"replicas":{"type":"integer"},"minReplicas":{"type":"integer"},
                 "tier":{"type":"string","x-kubernetes-validations":[{"rule":"self == oldSelf","message":"tier is immutable"}]}}}}}}}]}}
        """.formatted(rules);
  }

  static String cronTab(String name, String spec) {
    return "{\"apiVersion\":\"cel.example.com/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + spec + "}";
  }

  @Test
  @DisplayName("a CRD with an invalid rule is refused with 422; valid rules are enforced on create and update")
  void rules() throws Exception {
    HttpResponse<String> r = server.send("POST", CRDS, crd("[{\"rule\":\"self.replicas ==\"}]"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    JsonNode status = JSON.readTree(r.body());
    assertThat(status.at("/reason").asText()).isEqualTo("Invalid");
    assertThat(status.at("/message").asText()).startsWith("CustomResourceDefinition.apiextensions.k8s.io \"crontabs.cel.example.com\" "
        + "is invalid: spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: "
        + "Invalid value: {\"Rule\":\"self.replicas ==\",\"Message\":\"\",\"MessageExpression\":\"\",\"Reason\":null,"
        + "\"FieldPath\":\"\",\"OptionalOldSelf\":null}: "
        + "compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting ");

    r = server.send("POST", CRDS, crd("""
        [{"rule":"self.minReplicas <= self.replicas","message":"replicas should be greater than or equal to minReplicas."},
         {"rule":"self.mode == oldSelf.mode","message":"mode is immutable","fieldPath":".mode"}]"""));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    awaitServed();

    r = server.send("POST", CRONTABS, cronTab("bad", "{\"mode\":\"a\",\"replicas\":1,\"minReplicas\":2}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    // kube 1.36 omits the value of an object- or list-typed field (field.OmitValueType), also in the cause
    assertThat(JSON.readTree(r.body())).isEqualTo(JSON.readTree("""
        {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
         "message":"CronTab.cel.example.com \\"bad\\" is invalid: spec: Invalid value: replicas should be greater than or equal to minReplicas.",
         "reason":"Invalid","details":{"name":"bad","group":"cel.example.com","kind":"CronTab","causes":[
          {"reason":"FieldValueInvalid","message":"Invalid value: replicas should be greater than or equal to minReplicas.","field":"spec"}]},
         "code":422}
        """));

    r = server.send("POST", CRONTABS, cronTab("good", "{\"mode\":\"a\",\"replicas\":2,\"minReplicas\":1}"));
    assertThat(r.statusCode()).as("the transition rule does not run on create: " + r.body()).isEqualTo(201);
    r = server.send("PATCH", CRONTABS + "/good", "{\"spec\":{\"mode\":\"b\"}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(JSON.readTree(r.body()).at("/message").asText())
        .isEqualTo("CronTab.cel.example.com \"good\" is invalid: spec.mode: Invalid value: mode is immutable");
    r = server.send("PATCH", CRONTABS + "/good", "{\"spec\":{\"replicas\":3}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

    // a scalar's rule shows the value, quoted as Go's %q for a string
    r = server.send("PATCH", CRONTABS + "/good", "{\"spec\":{\"tier\":\"gold\"}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).as("a rule with oldSelf does not run where there was no old value: " + r.body()).isEqualTo(200);
    r = server.send("PATCH", CRONTABS + "/good", "{\"spec\":{\"tier\":\"silver\"}}", "Content-Type", MERGE);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(JSON.readTree(r.body()).at("/details/causes")).isEqualTo(JSON.readTree("""
        [{"reason":"FieldValueInvalid","message":"Invalid value: \\"silver\\": tier is immutable","field":"spec.tier"}]"""));
    assertThat(JSON.readTree(r.body()).at("/message").asText())
        .isEqualTo("CronTab.cel.example.com \"good\" is invalid: spec.tier: Invalid value: \"silver\": tier is immutable");
  }

  /** Waits until the controller serves the CRD's objects (it works in the background). */
  private static void awaitServed() throws Exception {
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
    while (server.send("GET", CRONTABS, null).statusCode() != 200) {
      assertThat(System.nanoTime()).as("served in time").isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
