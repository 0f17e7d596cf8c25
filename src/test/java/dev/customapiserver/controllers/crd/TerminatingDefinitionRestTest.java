package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.storage.ForwardingStorageBackend;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.testing.MemoryStorageBackend;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * While a CRD is Terminating (here held by an object whose finalizer stays), as kube: discovery
 * lists its resource with only {@code delete, deletecollection, get, list, watch}, and a create is
 * refused in admission, 403 Forbidden {@code crontabs.<group> "<name>" is forbidden: create not allowed
 * while custom resource definition is terminating} with name, group and resource in its details (kube
 * 1.36's {@code forbidCreateAdmission}); the objects can still be read.
 */
@DisplayName("CRDs: while Terminating, discovery lists read and delete verbs only and a create is kube's 403")
class TerminatingDefinitionRestTest {
  static final String GROUP = "terminating.example.com";
  static final String GROUP_VERSION = "/apis/" + GROUP + "/v1";
  static final String CRONTABS = GROUP_VERSION + "/namespaces/default/crontabs";
  static final String CRD = CrdFixture.CRDS + "/crontabs." + GROUP;
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, CrdFixture.ANY_V1);
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static String crontab(String name) {
    return """
        {"apiVersion":"%s/v1","kind":"CronTab","metadata":{"name":"%s","finalizers":["example.com/hold"]}}
        """.formatted(GROUP, name);
  }

  /** Polls {@code path} until {@code done} holds (the controller follows the CRD in the background). */
  static HttpResponse<String> until(String path, Predicate<HttpResponse<String>> done) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    HttpResponse<String> r;
    do {
      r = f.send("GET", path, null);
      if (done.test(r)) {
        return r;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    throw new AssertionError(path + ": " + r.statusCode() + " " + r.body());
  }

  static JsonNode resource(HttpResponse<String> list) throws Exception {
    for (JsonNode r : json(list).get("resources")) {
      if (r.get("name").asText().equals("crontabs")) {
        return r;
      }
    }
    throw new AssertionError(list.body());
  }

  @Test
  @DisplayName("discovery: every verb, then only delete, deletecollection, get, list, watch; POST is 405 with kube's Status")
  void terminating() throws Exception {
    assertThat(resource(f.send("GET", GROUP_VERSION, null)).get("verbs").toString()).contains("\"create\"");
    assertThat(f.send("POST", CRONTABS, crontab("held")).statusCode()).isEqualTo(201);
    HttpResponse<String> deleted = f.send("DELETE", CRD, null);
    assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);

    HttpResponse<String> list = until(GROUP_VERSION, r -> r.statusCode() == 200 && !r.body().contains("\"create\""));
    assertThat(resource(list).get("verbs").toString()).isEqualTo("[\"delete\",\"deletecollection\",\"get\",\"list\",\"watch\"]");

    HttpResponse<String> create = f.send("POST", CRONTABS, crontab("late"));
    assertThat(create.statusCode()).as(create.body()).isEqualTo(403);
    assertThat(json(create)).isEqualTo(CrdFixture.JSON.readTree("""
        {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
         "message":"crontabs.%1$s \\"late\\" is forbidden: create not allowed while custom resource definition is terminating",
         "reason":"Forbidden","details":{"name":"late","group":"%1$s","kind":"crontabs"},"code":403}
        """.formatted(GROUP)));
    assertThat(f.send("GET", CRONTABS + "/held", null).statusCode()).isEqualTo(200);

    HttpResponse<String> released = f.send("PATCH", CRONTABS + "/held", "{\"metadata\":{\"finalizers\":null}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(released.statusCode()).as(released.body()).isEqualTo(200);
    until(CRD, r -> r.statusCode() == 404);
  }

  @Test
  @DisplayName("keyed on the Terminating condition, as kube: True on a live definition limits the verbs and refuses a create; False lifts it")
  void keyedOnTheCondition() throws Exception {
    String group = "condition.example.com";
    String groupVersion = "/apis/" + group + "/v1";
    String crd = CrdFixture.CRDS + "/crontabs." + group;
    f.define(CrdFixture.crd(group, "crontabs", "CronTab", CrdFixture.ANY_V1), group, "v1", "crontabs");
    String condition = """
        [{"op":"add","path":"/status/conditions/-","value":{"type":"Terminating","status":"%s",
          "lastTransitionTime":"2026-01-01T00:00:00Z","reason":"Test","message":"set by the test"}}]
        """;
    HttpResponse<String> set = f.send("PATCH", crd + "/status", condition.formatted("True"),
        "Content-Type", "application/json-patch+json");
    assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
    until(groupVersion, r -> r.statusCode() == 200 && !r.body().contains("\"create\""));
    HttpResponse<String> create = f.send("POST", groupVersion + "/namespaces/default/crontabs",
        crontab("late").replace(GROUP, group));
    assertThat(create.statusCode()).as(create.body()).isEqualTo(403);

    HttpResponse<String> lifted = f.send("PATCH", crd + "/status",
        "[{\"op\":\"replace\",\"path\":\"/status/conditions/2/status\",\"value\":\"False\"}]",
        "Content-Type", "application/json-patch+json");
    assertThat(lifted.statusCode()).as(lifted.body()).isEqualTo(200);
    HttpResponse<String> list = until(groupVersion, r -> r.statusCode() == 200 && r.body().contains("\"create\""));
    assertThat(resource(list).get("verbs").toString())
        .isEqualTo("[\"delete\",\"deletecollection\",\"get\",\"list\",\"patch\",\"create\",\"update\",\"watch\"]");
  }

  @Test
  @DisplayName("held by another finalizer after the cleanup, as kube: objects gone, Terminating False (InstanceDeletionCompleted), "
      + "served in full again, creates allowed; gone once released")
  void heldByAnotherFinalizer() throws Exception {
    String group = "held.example.com";
    String groupVersion = "/apis/" + group + "/v1";
    String crontabs = groupVersion + "/namespaces/default/crontabs";
    String crd = CrdFixture.CRDS + "/crontabs." + group;
    f.define(CrdFixture.crd(group, "crontabs", "CronTab", CrdFixture.ANY_V1), group, "v1", "crontabs");
    String plain = "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"%s\"}}";
    assertThat(f.send("POST", crontabs, plain.formatted("first")).statusCode()).isEqualTo(201);
    HttpResponse<String> held = f.send("PATCH", crd, "{\"metadata\":{\"finalizers\":[\"example.com/hold\"]}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(held.statusCode()).as(held.body()).isEqualTo(200);

    HttpResponse<String> deleted = f.send("DELETE", crd, null);
    assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
    assertThat(json(deleted).at("/metadata/finalizers").toString())
        .isEqualTo("[\"example.com/hold\",\"customresourcecleanup.apiextensions.k8s.io\"]");
    assertThat(terminating(json(deleted)).toString()).contains("\"status\":\"True\"", "\"reason\":\"InstanceDeletionPending\"",
        "\"message\":\"CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon\"");

    JsonNode after = json(until(crd, r -> r.statusCode() == 200 && !r.body().contains("customresourcecleanup")));
    assertThat(after.at("/metadata/finalizers").toString()).isEqualTo("[\"example.com/hold\"]");
    assertThat(after.at("/metadata/deletionTimestamp").isTextual()).isTrue();
    JsonNode condition = terminating(after);
    assertThat(condition.get("status").asText()).isEqualTo("False");
    assertThat(condition.get("reason").asText()).isEqualTo("InstanceDeletionCompleted");
    assertThat(condition.get("message").asText()).isEqualTo("removed all instances");
    assertThat(f.send("GET", crontabs + "/first", null).statusCode()).as("the cleanup deleted it").isEqualTo(404);

    HttpResponse<String> list = until(groupVersion, r -> r.statusCode() == 200 && r.body().contains("\"create\""));
    assertThat(resource(list).get("verbs").toString())
        .isEqualTo("[\"delete\",\"deletecollection\",\"get\",\"list\",\"patch\",\"create\",\"update\",\"watch\"]");
    HttpResponse<String> create = f.send("POST", crontabs, plain.formatted("second"));
    assertThat(create.statusCode()).as("kube lets it be created: the definition is no longer Terminating").isEqualTo(201);

    HttpResponse<String> released = f.send("PATCH", crd, "{\"metadata\":{\"finalizers\":null}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(released.statusCode()).as(released.body()).isEqualTo(200);
    until(crd, r -> r.statusCode() == 404);
    until(crontabs, r -> r.statusCode() == 404);
  }

  static JsonNode terminating(JsonNode crd) {
    for (JsonNode c : crd.at("/status/conditions")) {
      if (c.get("type").asText().equals("Terminating")) {
        return c;
      }
    }
    throw new AssertionError(crd.toString());
  }

  @Test
  @DisplayName("a server started while a definition is Terminating keeps cleaning it up: its held object is still served, "
      + "the definition goes once it is released")
  void restartedWhileTerminating() throws Exception {
    String group = "restart.example.com";
    String crontabs = "/apis/" + group + "/v1/namespaces/default/crontabs";
    String crd = CrdFixture.CRDS + "/crontabs." + group;
    MemoryStorageBackend memory = new MemoryStorageBackend();
    StorageBackend kept = new ForwardingStorageBackend(memory) {
      @Override
      public void close() {} // outlives the first server
    };
    try (CrdFixture first = new CrdFixture(kept)) {
      first.define(CrdFixture.crd(group, "crontabs", "CronTab", CrdFixture.ANY_V1), group, "v1", "crontabs");
      assertThat(first.send("POST", crontabs, crontab("held").replace(GROUP, group)).statusCode()).isEqualTo(201);
      assertThat(first.send("DELETE", crd, null).statusCode()).isEqualTo(200);
    }
    try (CrdFixture second = new CrdFixture(kept)) {
      second.eventually(crontabs + "/held");
      HttpResponse<String> released = second.send("PATCH", crontabs + "/held", "{\"metadata\":{\"finalizers\":null}}",
          "Content-Type", "application/merge-patch+json");
      assertThat(released.statusCode()).as(released.body()).isEqualTo(200);
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (second.send("GET", crd, null).statusCode() != 404) {
        assertThat(System.nanoTime()).as("the definition never goes").isLessThan(deadline);
        Thread.sleep(50);
      }
    } finally {
      memory.close();
    }
  }
}
