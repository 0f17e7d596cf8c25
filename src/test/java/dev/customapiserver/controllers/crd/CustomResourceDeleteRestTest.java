package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What a DELETE of a custom resource answers, as kube's custom resource store: a {@code Status} of
 * {@code Success} naming the object (the resource's plural name as {@code kind}) when it is gone at
 * once, the object marked as deleting while its finalizers hold it.
 */
@DisplayName("CRDs: DELETE answers a Success Status when the object goes, the object while finalizers hold it")
class CustomResourceDeleteRestTest {
  static final String GROUP = "deletes.example.com";
  static final String CRONTABS = "/apis/" + GROUP + "/v1/namespaces/default/crontabs";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, CrdFixture.ANY_V1);
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static JsonNode create(String name, String finalizers) throws Exception {
    HttpResponse<String> r = f.send("POST", CRONTABS, """
        {"apiVersion":"%s/v1","kind":"CronTab","metadata":{"name":"%s","finalizers":%s}}
        """.formatted(GROUP, name, finalizers));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return json(r);
  }

  @Test
  @DisplayName("gone at once: 200 with {kind: Status, status: Success, details: {name, group, kind: crontabs, uid}}")
  void goneAtOnce() throws Exception {
    String uid = create("gone", "[]").get("metadata").get("uid").asText();
    HttpResponse<String> r = f.send("DELETE", CRONTABS + "/gone", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r)).isEqualTo(CrdFixture.JSON.readTree("""
        {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success",
         "details":{"name":"gone","group":"%s","kind":"crontabs","uid":"%s"}}
        """.formatted(GROUP, uid)));
    assertThat(f.send("GET", CRONTABS + "/gone", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("a server-side dry run of a deletion that would remove the object answers the same Status and keeps it")
  void dryRun() throws Exception {
    String uid = create("dry", "[]").get("metadata").get("uid").asText();
    HttpResponse<String> r = f.send("DELETE", CRONTABS + "/dry?dryRun=All", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r).get("status").asText()).isEqualTo("Success");
    assertThat(json(r).get("details").get("uid").asText()).isEqualTo(uid);
    assertThat(f.send("GET", CRONTABS + "/dry", null).statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("held by a finalizer: 200 with the CronTab itself, deletionTimestamp set and the finalizer kept")
  void heldByFinalizer() throws Exception {
    create("held", "[\"example.com/hold\"]");
    HttpResponse<String> r = f.send("DELETE", CRONTABS + "/held", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode body = json(r);
    assertThat(body.get("kind").asText()).isEqualTo("CronTab");
    assertThat(body.get("metadata").get("deletionTimestamp")).isNotNull();
    assertThat(body.get("metadata").get("finalizers").toString()).isEqualTo("[\"example.com/hold\"]");
    HttpResponse<String> released = f.send("PATCH", CRONTABS + "/held", "{\"metadata\":{\"finalizers\":null}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(released.statusCode()).as(released.body()).isEqualTo(200);
    assertThat(f.send("GET", CRONTABS + "/held", null).statusCode()).isEqualTo(404);
  }
}
