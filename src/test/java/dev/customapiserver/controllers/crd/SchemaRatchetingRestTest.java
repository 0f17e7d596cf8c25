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
 * A CRD whose schema is tightened after objects were stored: as in kube-apiserver (validation
 * ratcheting, on by default since 1.30), updates that leave the now-invalid field alone pass, a change
 * of that field and new objects are validated in full.
 */
@DisplayName("CRDs: a tightened schema ratchets, as kube's")
class SchemaRatchetingRestTest {
  static final String GROUP = "ratcheting.example.com";
  static final String WIDGETS = "/apis/" + GROUP + "/v1/namespaces/default/widgets";
  static final String GADGETS = "/apis/" + GROUP + "/v1/namespaces/default/gadgets";
  static CrdFixture f;

  /** Gadgets: spec.ports, a map-type list keyed by name, its port number limited by {@code portSchema}. */
  static String gadgetVersions(String portSchema) {
    return "[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"schema\":{\"openAPIV3Schema\":"
        + "{\"type\":\"object\",\"properties\":{\"spec\":{\"type\":\"object\",\"properties\":{"
        + "\"ports\":{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"x-kubernetes-list-map-keys\":[\"name\"],"
        + "\"items\":{\"type\":\"object\",\"required\":[\"name\"],\"properties\":{\"name\":{\"type\":\"string\"},"
        + "\"port\":" + portSchema + "}}}}}}}}}]";
  }

  static String versions(String sizeSchema) {
    return "[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"schema\":{\"openAPIV3Schema\":"
        + "{\"type\":\"object\",\"properties\":{\"spec\":{\"type\":\"object\",\"properties\":{"
        + "\"color\":{\"type\":\"string\"},\"size\":" + sizeSchema + "}}}}}}]";
  }

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
    f.define(CrdFixture.crd(GROUP, "widgets", "Widget", versions("{\"type\":\"string\"}")), GROUP, "v1", "widgets");
    f.define(CrdFixture.crd(GROUP, "gadgets", "Gadget", gadgetVersions("{\"type\":\"integer\"}")), GROUP, "v1", "gadgets");
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static String widget(String name, String size) {
    return "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"color\":\"red\",\"size\":\"" + size + "\"}}";
  }

  private static HttpResponse<String> merge(String name, String patch) throws Exception {
    return f.send("PATCH", WIDGETS + "/" + name, patch, "Content-Type", "application/merge-patch+json");
  }

  @Test
  @DisplayName("after maxLength 3: a label and another field change pass; changing the long field or a new object is 422")
  void tightenedMaxLength() throws Exception {
    assertThat(f.send("POST", WIDGETS, widget("old", "enormous")).statusCode()).isEqualTo(201);
    HttpResponse<String> tightened = f.send("PATCH", CrdFixture.CRDS + "/widgets." + GROUP,
        "{\"spec\":{\"versions\":" + versions("{\"type\":\"string\",\"maxLength\":3}") + "}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(tightened.statusCode()).as(tightened.body()).isEqualTo(200);
    // the controller serves the new schema in the background: wait until a new long size is refused
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (f.send("POST", WIDGETS, widget("probe", "gigantic")).statusCode() != 422) {
      assertThat(System.nanoTime()).as("the tightened schema is never served").isLessThan(deadline);
      Thread.sleep(50);
    }

    HttpResponse<String> label = merge("old", "{\"metadata\":{\"labels\":{\"touched\":\"yes\"}}}");
    assertThat(label.statusCode()).as(label.body()).isEqualTo(200);
    HttpResponse<String> other = merge("old", "{\"spec\":{\"color\":\"green\"}}");
    assertThat(other.statusCode()).as(other.body()).isEqualTo(200);

    HttpResponse<String> changed = merge("old", "{\"spec\":{\"size\":\"gigantic\"}}");
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(422);
    assertThat(json(changed).at("/message").asText())
        .isEqualTo("Widget.ratcheting.example.com \"old\" is invalid: spec.size: Too long: may not be more than 3 bytes");
    assertThat(merge("old", "{\"spec\":{\"size\":\"big\"}}").statusCode()).as("made valid").isEqualTo(200);
    assertThat(merge("old", "{\"spec\":{\"size\":\"enormous\"}}").statusCode()).as("no way back").isEqualTo(422);
  }

  @Test
  @DisplayName("a map-type list's items ratchet by key: another item changes, the invalid one stays; changing it is 422")
  void mapListItemsByKey() throws Exception {
    String gadget = "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"Gadget\",\"metadata\":{\"name\":\"g\"},"
        + "\"spec\":{\"ports\":[{\"name\":\"web\",\"port\":99999},{\"name\":\"dns\",\"port\":53}]}}";
    assertThat(f.send("POST", GADGETS, gadget).statusCode()).isEqualTo(201);
    HttpResponse<String> tightened = f.send("PATCH", CrdFixture.CRDS + "/gadgets." + GROUP,
        "{\"spec\":{\"versions\":" + gadgetVersions("{\"type\":\"integer\",\"maximum\":65535}") + "}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(tightened.statusCode()).as(tightened.body()).isEqualTo(200);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (f.send("POST", GADGETS, gadget.replace("\"g\"", "\"probe\"")).statusCode() != 422) {
      assertThat(System.nanoTime()).as("the tightened schema is never served").isLessThan(deadline);
      Thread.sleep(50);
    }

    HttpResponse<String> other = f.send("PATCH", GADGETS + "/g",
        "[{\"op\":\"replace\",\"path\":\"/spec/ports/1/port\",\"value\":5353},"
            + "{\"op\":\"add\",\"path\":\"/spec/ports/0\",\"value\":{\"name\":\"ssh\",\"port\":22}}]",
        "Content-Type", "application/json-patch+json");
    assertThat(other.statusCode()).as(other.body()).isEqualTo(200);

    HttpResponse<String> changed = f.send("PATCH", GADGETS + "/g",
        "[{\"op\":\"replace\",\"path\":\"/spec/ports/1/port\",\"value\":99998}]",
        "Content-Type", "application/json-patch+json");
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(422);
    assertThat(json(changed).at("/message").asText()).isEqualTo("Gadget.ratcheting.example.com \"g\" is invalid: "
        + "spec.ports[1].port: Invalid value: 99998: spec.ports[1].port in body should be less than or equal to 65535");
  }

  @Test
  @DisplayName("a rule added later: an update leaving the failing field alone passes with kube's warning; changing it is 422")
  void ratchetedRuleWarns() throws Exception {
    String doodads = "/apis/" + GROUP + "/v1/namespaces/default/doodads";
    f.define(CrdFixture.crd(GROUP, "doodads", "Doodad", versions("{\"type\":\"string\"}")), GROUP, "v1", "doodads");
    assertThat(f.send("POST", doodads, widget("d", "enormous").replace("Widget", "Doodad")).statusCode()).isEqualTo(201);
    String ruled = versions("{\"type\":\"string\",\"x-kubernetes-validations\":[{\"rule\":\"self.size() <= 3\","
        + "\"message\":\"at most 3 characters\"}]}");
    HttpResponse<String> tightened = f.send("PATCH", CrdFixture.CRDS + "/doodads." + GROUP, "{\"spec\":{\"versions\":" + ruled + "}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(tightened.statusCode()).as(tightened.body()).isEqualTo(200);
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (f.send("POST", doodads, widget("probe", "gigantic").replace("Widget", "Doodad")).statusCode() != 422) {
      assertThat(System.nanoTime()).as("the rule is never served").isLessThan(deadline);
      Thread.sleep(50);
    }

    HttpResponse<String> other = f.send("PATCH", doodads + "/d", "{\"spec\":{\"color\":\"green\"}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
    assertThat(other.headers().allValues("Warning"))
        .containsExactly("299 - \"spec.size: Invalid value: \\\"enormous\\\": at most 3 characters\"");
    HttpResponse<String> changed = f.send("PATCH", doodads + "/d", "{\"spec\":{\"size\":\"gigantic\"}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(422);
    assertThat(json(changed).at("/message").asText()).isEqualTo(
        "Doodad.ratcheting.example.com \"d\" is invalid: spec.size: Invalid value: \"gigantic\": at most 3 characters");
  }
}
