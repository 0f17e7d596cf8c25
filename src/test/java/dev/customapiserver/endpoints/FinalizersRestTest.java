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

@DisplayName("DELETE with finalizers, preconditions and dry run, as kube-apiserver")
class FinalizersRestTest {
  static TestServer server;
  static final String FOOS = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String MERGE = "application/merge-patch+json";

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return RestApiCrudTest.json(r);
  }

  static JsonNode createFoo(String name, String... finalizers) throws Exception {
    StringBuilder f = new StringBuilder();
    for (String s : finalizers) {
      f.append(f.length() == 0 ? "" : ",").append('"').append(s).append('"');
    }
    HttpResponse<String> r = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"" + name + "\",\"finalizers\":[" + f
        + "]},\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return json(r);
  }

  static HttpResponse<String> delete(String name, String body) throws Exception {
    return server.send("DELETE", FOOS + "/" + name, body);
  }

  static HttpResponse<String> patch(String name, String mergePatch) throws Exception {
    return server.send("PATCH", FOOS + "/" + name, mergePatch, "Content-Type", MERGE);
  }

  @Test
  @DisplayName("DELETE of an object with a finalizer answers 200 with deletionTimestamp and grace period 0, and keeps it")
  void deleteMarksObject() throws Exception {
    JsonNode created = createFoo("marked", "example.com/hold");
    HttpResponse<String> r = delete("marked", null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode o = json(r);
    assertThat(o.at("/metadata/deletionTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(o.at("/metadata/deletionGracePeriodSeconds").asLong()).isZero();
    assertThat(o.at("/metadata/generation").asLong()).isEqualTo(created.at("/metadata/generation").asLong() + 1);
    JsonNode stored = json(server.send("GET", FOOS + "/marked", null));
    assertThat(stored.at("/metadata/deletionTimestamp").asText()).isEqualTo(o.at("/metadata/deletionTimestamp").asText());
    assertThat(stored.at("/metadata/finalizers/0").asText()).isEqualTo("example.com/hold");
  }

  @Test
  @DisplayName("a second DELETE changes neither the deletionTimestamp nor the resourceVersion")
  void secondDeleteKeepsTimestamp() throws Exception {
    createFoo("twice", "example.com/hold");
    JsonNode first = json(delete("twice", null));
    HttpResponse<String> again = delete("twice", null);
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(json(again).at("/metadata/deletionTimestamp")).isEqualTo(first.at("/metadata/deletionTimestamp"));
    assertThat(json(again).at("/metadata/resourceVersion")).isEqualTo(first.at("/metadata/resourceVersion"));
  }

  @Test
  @DisplayName("once deleting, no finalizer may be added: 422 worded as kube-apiserver")
  void noNewFinalizers() throws Exception {
    createFoo("closed", "example.com/hold");
    delete("closed", null);
    HttpResponse<String> r = patch("closed", "{\"metadata\":{\"finalizers\":[\"example.com/hold\",\"example.com/late\"]}}");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("Foo.hello.zeng.dev \"closed\" is invalid: metadata.finalizers: Forbidden: "
        + "no new finalizers can be added if the object is being deleted, found new finalizers []string{\"example.com/late\"}");
  }

  @Test
  @DisplayName("removing the last finalizer deletes the object: a watcher sees MODIFIED (deleting) then DELETED")
  void lastFinalizerRemovalDeletes() throws Exception {
    createFoo("released", "example.com/a", "example.com/b");
    try (WatchClient w = WatchClient.open(URI.create(server.base() + FOOS + "?watch=true&fieldSelector=metadata.name%3Dreleased"))) {
      assertThat(w.next().at("/type").asText()).isEqualTo("ADDED");
      delete("released", null);
      JsonNode modified = w.next();
      assertThat(modified.at("/type").asText()).isEqualTo("MODIFIED");
      assertThat(modified.at("/object/metadata/deletionTimestamp").isTextual()).isTrue();
      HttpResponse<String> one = patch("released", "{\"metadata\":{\"finalizers\":[\"example.com/b\"]}}");
      assertThat(one.statusCode()).isEqualTo(200);
      assertThat(w.next().at("/type").asText()).as("one finalizer left: still there").isEqualTo("MODIFIED");
      HttpResponse<String> last = patch("released", "{\"metadata\":{\"finalizers\":null}}");
      assertThat(last.statusCode()).as(last.body()).isEqualTo(200);
      assertThat(json(last).at("/metadata/finalizers").isMissingNode()).isTrue();
      assertThat(w.next().at("/type").asText()).isEqualTo("DELETED");
    }
    assertThat(server.send("GET", FOOS + "/released", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("a PUT removing the last finalizer deletes the object too")
  void putRemovingFinalizerDeletes() throws Exception {
    createFoo("put-release", "example.com/hold");
    JsonNode deleting = json(delete("put-release", null));
    ((com.fasterxml.jackson.databind.node.ObjectNode) deleting.get("metadata")).remove("finalizers");
    HttpResponse<String> r = server.send("PUT", FOOS + "/put-release", deleting.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(server.send("GET", FOOS + "/put-release", null).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("a uid precondition that does not hold is 409 worded as kube-apiserver")
  void uidPrecondition() throws Exception {
    JsonNode o = createFoo("pre-uid");
    HttpResponse<String> r = delete("pre-uid", "{\"preconditions\":{\"uid\":\"not-it\"}}");
    assertThat(r.statusCode()).isEqualTo(409);
    JsonNode s = json(r);
    assertThat(s.at("/reason").asText()).isEqualTo("Conflict");
    assertThat(s.at("/message").asText()).isEqualTo("Operation cannot be fulfilled on Foo.hello.zeng.dev \"pre-uid\": the UID in the "
        + "precondition (not-it) does not match the UID in record (" + o.at("/metadata/uid").asText()
        + "). The object might have been deleted and then recreated");
    assertThat(server.send("GET", FOOS + "/pre-uid", null).statusCode()).isEqualTo(200);
    HttpResponse<String> ok = delete("pre-uid", "{\"preconditions\":{\"uid\":\"" + o.at("/metadata/uid").asText() + "\"}}");
    assertThat(ok.statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("a resourceVersion precondition that does not hold is 409 worded as kube-apiserver")
  void resourceVersionPrecondition() throws Exception {
    JsonNode o = createFoo("pre-rv");
    patch("pre-rv", "{\"metadata\":{\"labels\":{\"changed\":\"yes\"}}}");
    HttpResponse<String> r = delete("pre-rv", "{\"preconditions\":{\"resourceVersion\":\"" + o.at("/metadata/resourceVersion").asText() + "\"}}");
    assertThat(r.statusCode()).isEqualTo(409);
    assertThat(json(r).at("/message").asText()).startsWith("Operation cannot be fulfilled on Foo.hello.zeng.dev \"pre-rv\": "
        + "the ResourceVersion in the precondition (" + o.at("/metadata/resourceVersion").asText() + ") does not match the ResourceVersion in record (")
        .endsWith("). The object might have been modified");
  }

  @Test
  @DisplayName("dryRun=All on DELETE answers what would happen and stores nothing")
  void dryRun() throws Exception {
    createFoo("dry-held", "example.com/hold");
    createFoo("dry-free");
    HttpResponse<String> held = server.send("DELETE", FOOS + "/dry-held?dryRun=All", null);
    assertThat(held.statusCode()).isEqualTo(200);
    assertThat(json(held).at("/metadata/deletionTimestamp").isTextual()).isTrue();
    assertThat(json(server.send("GET", FOOS + "/dry-held", null)).at("/metadata/deletionTimestamp").isMissingNode()).isTrue();
    HttpResponse<String> free = delete("dry-free", "{\"dryRun\":[\"All\"],\"propagationPolicy\":\"Foreground\"}");
    assertThat(free.statusCode()).isEqualTo(200);
    assertThat(json(free).at("/metadata/finalizers/0").asText()).isEqualTo("foregroundDeletion");
    JsonNode stored = json(server.send("GET", FOOS + "/dry-free", null));
    assertThat(stored.at("/metadata/finalizers").size()).as("nothing stored").isZero();
    assertThat(server.send("DELETE", FOOS + "/dry-free?dryRun=All", null).statusCode()).isEqualTo(200);
    assertThat(server.send("GET", FOOS + "/dry-free", null).statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName("Foreground and Orphan add their finalizer; orphanDependents=false answers 202 while the object stays")
  void propagationFinalizers() throws Exception {
    createFoo("fg");
    JsonNode fg = json(delete("fg", "{\"propagationPolicy\":\"Foreground\"}"));
    assertThat(fg.at("/metadata/finalizers").toString()).isEqualTo("[\"foregroundDeletion\"]");
    createFoo("orph");
    JsonNode orphan = json(server.send("DELETE", FOOS + "/orph?propagationPolicy=Orphan", null));
    assertThat(orphan.at("/metadata/finalizers").toString()).isEqualTo("[\"orphan\"]");
    createFoo("legacy", "example.com/hold");
    HttpResponse<String> r = delete("legacy", "{\"orphanDependents\":false}");
    assertThat(r.statusCode()).isEqualTo(202);
  }

  @Test
  @DisplayName("bad DeleteOptions are 422 on DeleteOptions.meta.k8s.io")
  void badOptions() throws Exception {
    createFoo("badopts");
    HttpResponse<String> r = delete("badopts", "{\"propagationPolicy\":\"Sideways\"}");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: "
        + "\"Sideways\": supported values: \"Foreground\", \"Background\", \"Orphan\", \"nil\"");
    HttpResponse<String> both = delete("badopts", "{\"propagationPolicy\":\"Orphan\",\"orphanDependents\":true}");
    assertThat(both.statusCode()).isEqualTo(422);
    assertThat(json(both).at("/message").asText()).contains("orphanDependents and deletionPropagation cannot be both set");
  }

  @Test
  @DisplayName("finalizers orphan and foregroundDeletion together are 422")
  void conflictingFinalizers() throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"both\",\"finalizers\":[\"orphan\",\"foregroundDeletion\"]},"
        + "\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("Foo.hello.zeng.dev \"both\" is invalid: metadata.finalizers: Invalid value: "
        + "[]string{\"orphan\", \"foregroundDeletion\"}: finalizer orphan and foregroundDeletion cannot be both set");
  }

  @Test
  @DisplayName("deletecollection applies the same rules per object: held ones are marked, free ones go")
  void deleteCollection() throws Exception {
    String ns = "/apis/hello.zeng.dev/v2/namespaces/coll/foos";
    server.send("POST", ns, "{\"metadata\":{\"name\":\"held\",\"finalizers\":[\"example.com/hold\"]},\"spec\":{\"config\":{\"msg\":\"a\"}}}");
    server.send("POST", ns, "{\"metadata\":{\"name\":\"free\"},\"spec\":{\"config\":{\"msg\":\"a\"}}}");
    HttpResponse<String> r = server.send("DELETE", ns, null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(server.send("GET", ns + "/free", null).statusCode()).isEqualTo(404);
    assertThat(json(server.send("GET", ns + "/held", null)).at("/metadata/deletionTimestamp").isTextual()).isTrue();
  }

  @Test
  @DisplayName("owner references need apiVersion with a version, kind, name and uid")
  void ownerReferenceValidation() throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS, "{\"metadata\":{\"name\":\"badref\",\"ownerReferences\":[{\"apiVersion\":\"hello.zeng.dev/\","
        + "\"kind\":\"Foo\",\"name\":\"x\"}]},\"spec\":{\"config\":{\"msg\":\"hi\"}}}");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("Foo.hello.zeng.dev \"badref\" is invalid: [metadata.ownerReferences.apiVersion: "
        + "Invalid value: \"hello.zeng.dev/\": version must not be empty, metadata.ownerReferences.uid: Invalid value: \"\": uid must not be empty]");
  }
}
