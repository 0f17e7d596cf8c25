package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A watch of custom resources resumed from a resourceVersion with a label or field selector gets
 * kube's event sequence (its cacheWatcher's and etcd3 watcher's rules): an object entering the
 * selection is ADDED, one changed inside it MODIFIED, one leaving it DELETED carrying the state it
 * was last seen in (still matching) with the resourceVersion of the change that made it leave, a
 * deletion of a selected object DELETED, and changes outside the selection nothing. The same over
 * the server's in-memory storage, behind the watch cache, and the test backend.
 */
@DisplayName("CRDs: a watch resumed from a resourceVersion with a selector sends kube's ADDED/MODIFIED/DELETED sequence")
class SelectedWatchResumeRestTest {
  static final String GROUP = "resume.example.com";
  static final String GIZMOS = "/apis/" + GROUP + "/v1/namespaces/default/gizmos";
  static final String MERGE = "application/merge-patch+json";

  static StorageBackend backend(String name) throws Exception {
    return switch (name) {
      case "memory" -> new MemoryStorageBackend();
      case "cached" -> new CachingStorageBackend(new MemoryStorageBackend(), 1000);
      default -> new dev.customapiserver.testing.MemoryStorageBackend();
    };
  }

  static String gizmo(String name, String tier) {
    return "{\"apiVersion\":\"" + GROUP + "/v1\",\"kind\":\"Gizmo\",\"metadata\":{\"name\":\"" + name
        + "\",\"labels\":{\"tier\":\"" + tier + "\"}},\"spec\":{\"size\":1}}";
  }

  /** The first {@code n} events of a watch, each as {@code TYPE name tier=<label> size=<spec.size> rv=<resourceVersion>}. */
  static List<String> events(CrdFixture f, String query, int n) throws Exception {
    HttpResponse<InputStream> r = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(f.server.base().resolve(GIZMOS + "?watch=1&" + query)).build(),
        HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    CompletableFuture<List<String>> lines = CompletableFuture.supplyAsync(() -> {
      List<String> out = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
        for (String l; out.size() < n && (l = in.readLine()) != null; ) {
          JsonNode e = CrdFixture.JSON.readTree(l);
          JsonNode o = e.get("object");
          out.add(e.get("type").asText() + " " + o.at("/metadata/name").asText() + " tier=" + o.at("/metadata/labels/tier").asText()
              + " size=" + o.at("/spec/size").asText() + " rv=" + o.at("/metadata/resourceVersion").asText());
        }
      } catch (Exception e) {
        out.add("broken: " + e);
      }
      return out;
    });
    return lines.get(30, TimeUnit.SECONDS); // a bound against hanging, not a timing
  }

  static String rv(HttpResponse<String> r) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isBetween(200, 201);
    return CrdFixture.json(r).at("/metadata/resourceVersion").asText();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"memory", "cached", "test"})
  @DisplayName("entering ADDED, changed MODIFIED, leaving DELETED with its last selected state at the change's RV, deleted DELETED")
  void resumed(String backendName) throws Exception {
    try (CrdFixture f = new CrdFixture(backend(backendName))) {
      f.define(CrdFixture.crd(GROUP, "gizmos", "Gizmo", CrdFixture.ANY_V1).replace("\"plural\"", "\"singular\":\"gizmo\",\"plural\""),
          GROUP, "v1", "gizmos");
      String from = CrdFixture.json(f.send("GET", GIZMOS, null)).at("/metadata/resourceVersion").asText();
      String a1 = rv(f.send("POST", GIZMOS, gizmo("a", "web")));
      rv(f.send("POST", GIZMOS, gizmo("b", "db")));
      String b2 = rv(f.send("PATCH", GIZMOS + "/b", "{\"metadata\":{\"labels\":{\"tier\":\"web\"}}}", "Content-Type", MERGE));
      String a2 = rv(f.send("PATCH", GIZMOS + "/a", "{\"spec\":{\"size\":2}}", "Content-Type", MERGE));
      String a3 = rv(f.send("PATCH", GIZMOS + "/a", "{\"metadata\":{\"labels\":{\"tier\":\"db\"}}}", "Content-Type", MERGE));
      assertThat(f.send("DELETE", GIZMOS + "/b", null).statusCode()).isEqualTo(200);
      String b3 = rv(f.send("GET", GIZMOS, null)); // the deletion's revision: the newest write
      assertThat(f.send("DELETE", GIZMOS + "/a", null).statusCode()).isEqualTo(200); // outside the label selection
      String a4 = rv(f.send("GET", GIZMOS, null));
      String c1 = rv(f.send("POST", GIZMOS, gizmo("c", "web")));

      assertThat(events(f, "resourceVersion=" + from + "&labelSelector=tier%3Dweb", 6)).containsExactly(
          "ADDED a tier=web size=1 rv=" + a1,
          "ADDED b tier=web size=1 rv=" + b2,
          "MODIFIED a tier=web size=2 rv=" + a2,
          "DELETED a tier=web size=2 rv=" + a3,
          "DELETED b tier=web size=1 rv=" + b3,
          "ADDED c tier=web size=1 rv=" + c1);

      assertThat(events(f, "resourceVersion=" + from + "&fieldSelector=metadata.name%3Da", 4)).containsExactly(
          "ADDED a tier=web size=1 rv=" + a1,
          "MODIFIED a tier=web size=2 rv=" + a2,
          "MODIFIED a tier=db size=2 rv=" + a3,
          "DELETED a tier=db size=2 rv=" + a4);
    }
  }
}
