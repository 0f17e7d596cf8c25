package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRDs: a version with served: false is in no discovery nor OpenAPI and answers 404, until it is served")
class UnservedVersionsRestTest {
  static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
  static final String JSON_PATCH = "application/json-patch+json";
  static final String SCHEMA = "\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}}";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  /** The versions {@code group} shows in legacy discovery of the group. */
  static List<String> groupVersions(String group) throws Exception {
    List<String> out = new ArrayList<>();
    json(f.send("GET", "/apis/" + group, null)).at("/versions").forEach(v -> out.add(v.at("/version").asText()));
    return out;
  }

  /** The versions {@code group} shows in the legacy /apis list. */
  static List<String> apisVersions(String group) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode g : json(f.send("GET", "/apis", null)).at("/groups")) {
      if (g.at("/name").asText().equals(group)) {
        g.at("/versions").forEach(v -> out.add(v.at("/version").asText()));
      }
    }
    return out;
  }

  /** The versions {@code group} shows in aggregated discovery. */
  static List<String> aggregatedVersions(String group) throws Exception {
    List<String> out = new ArrayList<>();
    for (JsonNode g : json(f.send("GET", "/apis", null, "Accept", AGGREGATED)).at("/items")) {
      if (g.at("/metadata/name").asText().equals(group)) {
        g.at("/versions").forEach(v -> out.add(v.at("/version").asText()));
      }
    }
    return out;
  }

  static int status(String path) throws Exception {
    return f.send("GET", path, null).statusCode();
  }

  static void eventually(String path, int code) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (status(path) != code) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(path + " never answered " + code);
      }
      Thread.sleep(50);
    }
  }

  static void patchServed(String crd, int index, boolean served) throws Exception {
    HttpResponse<String> r = f.send("PATCH", CrdFixture.CRDS + "/" + crd,
        "[{\"op\":\"replace\",\"path\":\"/spec/versions/" + index + "/served\",\"value\":" + served + "}]", "Content-Type", JSON_PATCH);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
  }

  static void assertUnserved(String group, String version, String plural) throws Exception {
    String gv = group + "/" + version;
    assertThat(status("/apis/" + gv + "/namespaces/default/" + plural)).isEqualTo(404);
    assertThat(status("/apis/" + gv + "/namespaces/default/" + plural + "/x")).isEqualTo(404);
    assertThat(f.send("POST", "/apis/" + gv + "/namespaces/default/" + plural,
        "{\"apiVersion\":\"" + gv + "\",\"kind\":\"Thing\",\"metadata\":{\"name\":\"x\"}}").statusCode()).isEqualTo(404);
    assertThat(status("/apis/" + gv)).isEqualTo(404);
    assertThat(groupVersions(group)).doesNotContain(version);
    assertThat(apisVersions(group)).doesNotContain(version);
    assertThat(aggregatedVersions(group)).doesNotContain(version);
    assertThat(f.send("GET", "/openapi/v3", null).body()).doesNotContain("apis/" + gv + "\"");
    assertThat(status("/openapi/v3/apis/" + gv)).isEqualTo(404);
    assertThat(f.send("GET", "/openapi/v2", null).body()).doesNotContain("/apis/" + gv + "/");
  }

  @Test
  @DisplayName("v1beta1 served: false next to v1: only v1 is discovered and served; serving v1beta1 adds it, unserving removes it")
  void unservedOldVersion() throws Exception {
    String group = "unserved.example.com";
    f.define(CrdFixture.crd(group, "things", "Thing", """
        [{"name":"v1beta1","served":false,"storage":false,%1$s},
         {"name":"v1","served":true,"storage":true,%1$s}]""".formatted(SCHEMA)), group, "v1", "things");
    assertUnserved(group, "v1beta1", "things");
    assertThat(groupVersions(group)).containsExactly("v1");
    assertThat(apisVersions(group)).containsExactly("v1");
    assertThat(aggregatedVersions(group)).containsExactly("v1");
    assertThat(json(f.send("GET", "/apis/" + group, null)).at("/preferredVersion/version").asText()).isEqualTo("v1");
    assertThat(f.send("POST", "/apis/" + group + "/v1/namespaces/default/things",
        "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"Thing\",\"metadata\":{\"name\":\"t1\"}}").statusCode()).isEqualTo(201);

    patchServed("things." + group, 0, true);
    eventually("/apis/" + group + "/v1beta1/namespaces/default/things/t1", 200);
    assertThat(groupVersions(group)).containsExactly("v1", "v1beta1");
    assertThat(apisVersions(group)).containsExactly("v1", "v1beta1");
    assertThat(aggregatedVersions(group)).containsExactly("v1", "v1beta1");
    assertThat(f.send("GET", "/openapi/v3", null).body()).contains("apis/" + group + "/v1beta1");

    patchServed("things." + group, 0, false);
    eventually("/apis/" + group + "/v1beta1/namespaces/default/things/t1", 404);
    assertUnserved(group, "v1beta1", "things");
    assertThat(status("/apis/" + group + "/v1/namespaces/default/things/t1")).isEqualTo(200);
  }

  @Test
  @DisplayName("a storage version with served: false stores the objects written through the served version but is not served")
  void unservedStorageVersion() throws Exception {
    String group = "unservedstorage.example.com";
    f.define(CrdFixture.crd(group, "things", "Thing", """
        [{"name":"v1beta1","served":true,"storage":false,%1$s},
         {"name":"v1","served":false,"storage":true,%1$s}]""".formatted(SCHEMA)), group, "v1beta1", "things");
    assertUnserved(group, "v1", "things");
    assertThat(groupVersions(group)).containsExactly("v1beta1");
    assertThat(aggregatedVersions(group)).containsExactly("v1beta1");
    HttpResponse<String> r = f.send("POST", "/apis/" + group + "/v1beta1/namespaces/default/things",
        "{\"apiVersion\":\"" + group + "/v1beta1\",\"kind\":\"Thing\",\"metadata\":{\"name\":\"t1\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(json(f.send("GET", "/apis/" + group + "/v1beta1/namespaces/default/things/t1", null)).at("/apiVersion").asText())
        .isEqualTo(group + "/v1beta1");

    patchServed("things." + group, 1, true);
    eventually("/apis/" + group + "/v1/namespaces/default/things/t1", 200);
    assertThat(groupVersions(group)).containsExactly("v1", "v1beta1");
  }

  @Test
  @DisplayName("a CRD serving no version leaves its group out of discovery (404), and serving a version brings it in")
  void noVersionServed() throws Exception {
    String group = "noneserved.example.com";
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS, CrdFixture.crd(group, "things", "Thing", """
        [{"name":"v1","served":false,"storage":true,%1$s}]""".formatted(SCHEMA)));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    patchServed("things." + group, 0, true);
    eventually("/apis/" + group + "/v1/namespaces/default/things", 200);
    patchServed("things." + group, 0, false);
    eventually("/apis/" + group, 404);
    assertThat(apisVersions(group)).isEmpty();
    assertThat(aggregatedVersions(group)).isEmpty();
    assertUnserved(group, "v1", "things");
  }
}
