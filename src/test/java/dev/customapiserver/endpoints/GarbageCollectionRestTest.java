package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.endpoints.watch.WatchClient;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Owner references and the garbage collector: Background, Foreground and Orphan across groups")
class GarbageCollectionRestTest {
  static TestServer server;
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/gc/foos";
  static final String JENKINS = "/apis/autobusi.group.cicd/v1alpha/namespaces/gc/jenkinsservices";
  static final String FISCHERS = "/apis/wardle.example.com/v1alpha1/fischers";
  static final String MERGE = "application/merge-patch+json";

  @BeforeAll
  static void start() throws Exception {
    server = TestServer.withGarbageCollector(groups(), new MemoryStorageBackend());
  }

  static List<ApiGroup> groups() {
    return TestServer.everyGroup();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return RestApiCrudTest.json(r);
  }

  /** An owner reference to {@code owner} (as returned by the server). */
  static String ref(JsonNode owner, boolean block) {
    return "{\"apiVersion\":\"" + owner.at("/apiVersion").asText() + "\",\"kind\":\"" + owner.at("/kind").asText() + "\",\"name\":\""
        + owner.at("/metadata/name").asText() + "\",\"uid\":\"" + owner.at("/metadata/uid").asText() + "\""
        + (block ? ",\"blockOwnerDeletion\":true" : "") + "}";
  }

  static String meta(String name, String extra) {
    return "\"metadata\":{\"name\":\"" + name + "\"" + (extra.isEmpty() ? "" : "," + extra) + "}";
  }

  static JsonNode post(TestServer s, String path, String body) throws Exception {
    HttpResponse<String> r = s.send("POST", path, body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return json(r);
  }

  static JsonNode foo(TestServer s, String name, String extra) throws Exception {
    return post(s, FOOS, "{" + meta(name, extra) + ",\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
  }

  static JsonNode jenkins(TestServer s, String name, String extra) throws Exception {
    return post(s, JENKINS, "{" + meta(name, extra) + ",\"spec\":{\"instanceamount\":1}}");
  }

  static JsonNode fischer(TestServer s, String name) throws Exception {
    return post(s, FISCHERS, "{" + meta(name, "") + ",\"disallowedFlunders\":[]}");
  }

  static String owned(JsonNode... refs) {
    StringBuilder b = new StringBuilder("\"ownerReferences\":[");
    for (int i = 0; i < refs.length; i++) {
      b.append(i == 0 ? "" : ",").append(ref(refs[i], false));
    }
    return b.append(']').toString();
  }

  /** Returns once {@code collection/name} is gone: at once if it is, else on its DELETED event. */
  static void awaitGone(TestServer s, String collection, String name) throws Exception {
    HttpResponse<String> r = s.send("GET", collection + "/" + name, null);
    if (r.statusCode() == 404) {
      return;
    }
    String rv = json(r).at("/metadata/resourceVersion").asText();
    try (WatchClient w = WatchClient.open(URI.create(s.base() + collection + "?watch=true&resourceVersion=" + rv
        + "&fieldSelector=metadata.name%3D" + name))) {
      while (!w.next().at("/type").asText().equals("DELETED")) {
        // a MODIFIED on the way (deletionTimestamp, finalizers)
      }
    }
  }

  /** Returns the object once an event shows it matching {@code until} (or at once if it does already). */
  static JsonNode awaitState(TestServer s, String collection, String name, java.util.function.Predicate<JsonNode> until)
      throws Exception {
    JsonNode now = json(s.send("GET", collection + "/" + name, null));
    if (until.test(now)) {
      return now;
    }
    try (WatchClient w = WatchClient.open(URI.create(s.base() + collection + "?watch=true&resourceVersion="
        + now.at("/metadata/resourceVersion").asText() + "&fieldSelector=metadata.name%3D" + name))) {
      while (true) {
        JsonNode o = w.next().at("/object");
        if (until.test(o)) {
          return o;
        }
      }
    }
  }

  static int status(TestServer s, String path) throws Exception {
    return s.send("GET", path, null).statusCode();
  }

  @Test
  @DisplayName("Background (the default): the owner goes at once, its dependents in any group follow")
  void background() throws Exception {
    JsonNode owner = foo(server, "bg-owner", "");
    jenkins(server, "bg-jenkins", owned(owner));
    foo(server, "bg-foo", owned(owner));
    HttpResponse<String> r = server.send("DELETE", FOOS + "/bg-owner", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(status(server, FOOS + "/bg-owner")).isEqualTo(404);
    awaitGone(server, JENKINS, "bg-jenkins");
    awaitGone(server, FOOS, "bg-foo");
  }

  @Test
  @DisplayName("a cluster-scoped owner collects its namespaced dependents")
  void clusterScopedOwner() throws Exception {
    JsonNode owner = fischer(server, "gc-fritz");
    foo(server, "of-fritz", owned(owner));
    server.send("DELETE", FISCHERS + "/gc-fritz", "{\"propagationPolicy\":\"Background\"}");
    awaitGone(server, FOOS, "of-fritz");
  }

  @Test
  @DisplayName("a dependent whose owner uid does not exist is collected; one with a live owner stays")
  void danglingByUid() throws Exception {
    JsonNode owner = foo(server, "uid-owner", "");
    String stale = ref(owner, false).replace(owner.at("/metadata/uid").asText(), "00000000-0000-0000-0000-000000000000");
    foo(server, "uid-kept", owned(owner));
    foo(server, "uid-stale", "\"ownerReferences\":[" + stale + "]");
    awaitGone(server, FOOS, "uid-stale");
    assertThat(status(server, FOOS + "/uid-kept")).isEqualTo(200);
  }

  @Test
  @DisplayName("with another owner left, a dependent only loses the reference to the owner that went")
  void otherOwnerKeepsDependent() throws Exception {
    JsonNode first = foo(server, "two-a", "");
    JsonNode second = jenkins(server, "two-b", "");
    foo(server, "two-dep", owned(first, second));
    server.send("DELETE", FOOS + "/two-a", null);
    JsonNode dep = awaitState(server, FOOS, "two-dep", o -> o.at("/metadata/ownerReferences").size() == 1);
    assertThat(dep.at("/metadata/ownerReferences/0/kind").asText()).isEqualTo("JenkinsService");
  }

  @Test
  @DisplayName("Foreground: the owner gets foregroundDeletion and stays until its blocking dependents are gone")
  void foreground() throws Exception {
    JsonNode owner = jenkins(server, "fg-owner", "");
    String blocking = "\"ownerReferences\":[" + ref(owner, true) + "]";
    foo(server, "fg-free", blocking);
    foo(server, "fg-held", blocking + ",\"finalizers\":[\"example.com/hold\"]");
    HttpResponse<String> r = server.send("DELETE", JENKINS + "/fg-owner", "{\"propagationPolicy\":\"Foreground\"}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(json(r).at("/metadata/finalizers").toString()).isEqualTo("[\"foregroundDeletion\"]");
    assertThat(json(r).at("/metadata/deletionTimestamp").isTextual()).isTrue();
    awaitGone(server, FOOS, "fg-free");
    awaitState(server, FOOS, "fg-held", o -> o.at("/metadata/deletionTimestamp").isTextual());
    assertThat(status(server, JENKINS + "/fg-owner")).as("blocked by fg-held's finalizer").isEqualTo(200);
    server.send("PATCH", FOOS + "/fg-held", "{\"metadata\":{\"finalizers\":null}}", "Content-Type", MERGE);
    awaitGone(server, FOOS, "fg-held");
    awaitGone(server, JENKINS, "fg-owner");
  }

  @Test
  @DisplayName("Foreground with non-blocking dependents: the owner goes and they are collected too")
  void foregroundNonBlocking() throws Exception {
    JsonNode owner = foo(server, "fgn-owner", "");
    jenkins(server, "fgn-dep", owned(owner));
    server.send("DELETE", FOOS + "/fgn-owner?propagationPolicy=Foreground", null);
    awaitGone(server, FOOS, "fgn-owner");
    awaitGone(server, JENKINS, "fgn-dep");
  }

  @Test
  @DisplayName("Orphan: the dependents lose the owner reference and stay, then the owner goes")
  void orphan() throws Exception {
    JsonNode owner = foo(server, "or-owner", "");
    jenkins(server, "or-dep", owned(owner));
    HttpResponse<String> r = server.send("DELETE", FOOS + "/or-owner", "{\"propagationPolicy\":\"Orphan\"}");
    assertThat(json(r).at("/metadata/finalizers").toString()).isEqualTo("[\"orphan\"]");
    awaitGone(server, FOOS, "or-owner");
    JsonNode dep = json(server.send("GET", JENKINS + "/or-dep", null));
    assertThat(dep.at("/metadata/ownerReferences").isMissingNode()).isTrue();
  }

  @Test
  @DisplayName("orphanDependents=true (the legacy field) orphans as well")
  void legacyOrphan() throws Exception {
    JsonNode owner = jenkins(server, "lo-owner", "");
    foo(server, "lo-dep", owned(owner));
    server.send("DELETE", JENKINS + "/lo-owner", "{\"orphanDependents\":true}");
    awaitGone(server, JENKINS, "lo-owner");
    assertThat(json(server.send("GET", FOOS + "/lo-dep", null)).at("/metadata/ownerReferences").isMissingNode()).isTrue();
  }

  @Test
  @DisplayName("when its watches expire (410), the collector lists again and keeps collecting")
  void relistsAfterExpiredWatches() throws Exception {
    MemoryStorageBackend backend = new MemoryStorageBackend();
    try (TestServer s = TestServer.withGarbageCollector(groups(), backend)) {
      JsonNode first = foo(s, "x-owner-1", "");
      foo(s, "x-dep-1", owned(first));
      s.send("DELETE", FOOS + "/x-owner-1", null);
      awaitGone(s, FOOS, "x-dep-1"); // the collector has synced and watches
      backend.expireOpenWatches();
      JsonNode second = jenkins(s, "x-owner-2", "");
      foo(s, "x-dep-2", owned(second));
      s.send("DELETE", JENKINS + "/x-owner-2", null);
      awaitGone(s, FOOS, "x-dep-2");
    }
  }

  @Test
  @DisplayName("a collector started later finishes pending work: Foreground and Orphan owners and dangling dependents")
  void finishesPendingWorkOnStart() throws Exception {
    try (TestServer quiet = new TestServer(groups(), new MemoryStorageBackend())) {
      JsonNode fg = foo(quiet, "p-fg", "");
      foo(quiet, "p-fg-dep", "\"ownerReferences\":[" + ref(fg, true) + "]");
      JsonNode or = foo(quiet, "p-or", "");
      jenkins(quiet, "p-or-dep", owned(or));
      JsonNode bg = jenkins(quiet, "p-bg", "");
      foo(quiet, "p-bg-dep", owned(bg));
      quiet.send("DELETE", FOOS + "/p-fg", "{\"propagationPolicy\":\"Foreground\"}");
      quiet.send("DELETE", FOOS + "/p-or", "{\"propagationPolicy\":\"Orphan\"}");
      quiet.send("DELETE", JENKINS + "/p-bg", null);
      assertThat(status(quiet, FOOS + "/p-fg")).as("no collector yet: waits").isEqualTo(200);

      try (var gc = dev.customapiserver.controllers.gc.GarbageCollector.over(quiet.registry())) {
        gc.start();
        awaitGone(quiet, FOOS, "p-fg-dep");
        awaitGone(quiet, FOOS, "p-fg");
        awaitGone(quiet, FOOS, "p-or");
        assertThat(json(quiet.send("GET", JENKINS + "/p-or-dep", null)).at("/metadata/ownerReferences").isMissingNode()).isTrue();
        awaitGone(quiet, FOOS, "p-bg-dep");
      }
    }
  }
}
