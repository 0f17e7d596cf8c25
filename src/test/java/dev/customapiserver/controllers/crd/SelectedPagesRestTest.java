package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code remainingItemCount} on paged lists, as kube-apiserver's storage sets it: only for a list
 * without label and field selectors; a selected page has {@code continue} but no count. The same
 * for custom resources and built-in kinds. Over the server's own in-memory storage, which counts.
 */
@DisplayName("lists: a paged list tells remainingItemCount only without label or field selectors")
class SelectedPagesRestTest {
  static final String GROUP = "pages.example.com";
  static final String CRONTABS = "/apis/" + GROUP + "/v1/namespaces/default/crontabs";
  static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  static final String VERSIONS = """
      [{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]
      """;
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture(new MemoryStorageBackend());
    f.define(CrdFixture.crd(GROUP, "crontabs", "CronTab", VERSIONS), GROUP, "v1", "crontabs");
    for (int i = 0; i < 4; i++) {
      create(CRONTABS, GROUP + "/v1", "CronTab", "c" + i);
      create(CONFIGMAPS, "v1", "ConfigMap", "c" + i);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static void create(String path, String apiVersion, String kind, String name) throws Exception {
    HttpResponse<String> r = f.send("POST", path, """
        {"apiVersion":"%s","kind":"%s","metadata":{"name":"%s","labels":{"app":"a"}}}
        """.formatted(apiVersion, kind, name));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  static JsonNode listMeta(String path) throws Exception {
    HttpResponse<String> r = f.send("GET", path, null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return json(r).get("metadata");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {CRONTABS, CONFIGMAPS})
  @DisplayName("limit=1: 3 remain; with labelSelector or fieldSelector: continue, no remainingItemCount")
  void onlyUnfiltered(String path) throws Exception {
    JsonNode all = listMeta(path + "?limit=1");
    assertThat(all.get("remainingItemCount").asLong()).isEqualTo(3);
    assertThat(all.get("continue")).isNotNull();
    for (String selected : new String[] {"?limit=1&labelSelector=app%3Da", "?limit=1&fieldSelector=metadata.name!%3Dx",
        "?limit=1&labelSelector=app&fieldSelector=metadata.namespace%3Ddefault"}) {
      JsonNode meta = listMeta(path + selected);
      assertThat(meta.get("continue")).as(selected).isNotNull();
      assertThat(meta.has("remainingItemCount")).as(selected).isFalse();
    }
  }
}
