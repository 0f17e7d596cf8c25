package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
}
