package dev.customapiserver.groups.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.core.Event;
import dev.customapiserver.controllers.expiry.Expiry;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WatchSink;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Events through core/v1 and events.k8s.io/v1: one storage, kube's rules, expiry")
class EventsRestTest {
  static final String CORE = "/api/v1/namespaces/default/events";
  static final String EVENTS = "/apis/events.k8s.io/v1/namespaces/default/events";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static List<String> causes(HttpResponse<String> r) throws Exception {
    List<String> causes = new ArrayList<>();
    JSON.readTree(r.body()).at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message").asText()));
    return causes;
  }

  static String coreEvent(String name, String involvedName) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":\"" + name + "\"},"
        + "\"involvedObject\":{\"kind\":\"Foo\",\"namespace\":\"default\",\"name\":\"" + involvedName + "\",\"apiVersion\":\"hello.zeng.dev/v1\"},"
        + "\"reason\":\"Started\",\"message\":\"it began\",\"source\":{\"component\":\"foo-controller\"},"
        + "\"firstTimestamp\":\"2026-11-27T03:00:00Z\",\"lastTimestamp\":\"2026-11-27T03:00:05Z\",\"count\":2,\"type\":\"Normal\"}";
  }

  @Test
  @DisplayName("an Event written through core/v1 reads through events.k8s.io/v1 under the new names, and back")
  void bothGroups() throws Exception {
    HttpResponse<String> created = server.send("POST", CORE, coreEvent("foo.1", "a"));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonNode core = JSON.readTree(created.body());

    JsonNode v1 = JSON.readTree(server.send("GET", EVENTS + "/foo.1", null).body());
    assertThat(v1.at("/apiVersion").asText()).isEqualTo("events.k8s.io/v1");
    assertThat(v1.at("/note").asText()).isEqualTo("it began");
    assertThat(v1.at("/regarding/name").asText()).isEqualTo("a");
    assertThat(v1.at("/deprecatedSource/component").asText()).isEqualTo("foo-controller");
    assertThat(v1.at("/deprecatedFirstTimestamp").asText()).isEqualTo("2026-11-27T03:00:00Z");
    assertThat(v1.at("/deprecatedCount").asInt()).isEqualTo(2);
    assertThat(v1.at("/metadata/uid").asText()).isEqualTo(core.at("/metadata/uid").asText());
    assertThat(v1.at("/metadata/resourceVersion").asText()).isEqualTo(core.at("/metadata/resourceVersion").asText());

    HttpResponse<String> viaNew = server.send("POST", EVENTS, "{\"apiVersion\":\"events.k8s.io/v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"foo.2\"},\"eventTime\":\"2026-11-27T03:00:00.123456Z\",\"reportingController\":\"example.com/ctl\","
        + "\"reportingInstance\":\"ctl-1\",\"action\":\"Scale\",\"reason\":\"Scaled\",\"note\":\"to 3\",\"type\":\"Warning\","
        + "\"regarding\":{\"kind\":\"Foo\",\"namespace\":\"default\",\"name\":\"b\"}}");
    assertThat(viaNew.statusCode()).as(viaNew.body()).isEqualTo(201);
    JsonNode legacy = JSON.readTree(server.send("GET", CORE + "/foo.2", null).body());
    assertThat(legacy.at("/message").asText()).isEqualTo("to 3");
    assertThat(legacy.at("/involvedObject/name").asText()).isEqualTo("b");
    assertThat(legacy.at("/reportingComponent").asText()).isEqualTo("example.com/ctl");
    assertThat(legacy.at("/eventTime").asText()).isEqualTo("2026-11-27T03:00:00.123456Z");
  }

  @Test
  @DisplayName("field selectors: involvedObject.* on core/v1 (kubectl describe), regarding.* on events.k8s.io")
  void fieldSelectors() throws Exception {
    server.send("POST", CORE, coreEvent("sel.1", "x"));
    server.send("POST", CORE, coreEvent("sel.2", "y"));
    JsonNode core = JSON.readTree(server.send("GET", CORE + "?fieldSelector=involvedObject.name%3Dx,involvedObject.kind%3DFoo", null).body());
    assertThat(core.at("/items").findValuesAsText("name")).contains("sel.1").doesNotContain("sel.2");
    JsonNode v1 = JSON.readTree(server.send("GET", EVENTS + "?fieldSelector=regarding.name%3Dy", null).body());
    assertThat(v1.at("/items").findValuesAsText("name")).contains("sel.2").doesNotContain("sel.1");
  }

  @Test
  @DisplayName("core/v1 keeps the legacy rules; events.k8s.io/v1 refuses what kube refuses, in kube's words")
  void validation() throws Exception {
    HttpResponse<String> wrongNamespace = server.send("POST", CORE, "{\"apiVersion\":\"v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"bad.1\"},\"involvedObject\":{\"kind\":\"Foo\",\"namespace\":\"other\",\"name\":\"a\"}}");
    assertThat(wrongNamespace.statusCode()).isEqualTo(422);
    assertThat(causes(wrongNamespace)).containsExactly("involvedObject.namespace: Invalid value: \"other\": does not match event.namespace");

    HttpResponse<String> newWithoutReporter = server.send("POST", CORE, "{\"apiVersion\":\"v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"bad.2\"},\"eventTime\":\"2026-11-27T03:00:00.000000Z\",\"involvedObject\":{\"namespace\":\"default\"}}");
    assertThat(causes(newWithoutReporter)).contains("reportingComponent: Required value", "reportingInstance: Required value",
        "action: Required value", "reason: Required value");

    HttpResponse<String> strict = server.send("POST", EVENTS, "{\"apiVersion\":\"events.k8s.io/v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"bad.3\"},\"reason\":\"R\",\"type\":\"Odd\",\"deprecatedCount\":3,"
        + "\"regarding\":{\"namespace\":\"default\"},\"series\":{\"count\":1}}");
    assertThat(strict.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(strict.body()).at("/message").asText()).startsWith("Event.events.k8s.io \"bad.3\" is invalid: ");
    assertThat(causes(strict)).contains("series.count: Invalid value: \"\": should be at least 2",
        "series.lastObservedTime: Required value", "eventTime: Required value",
        "type: Invalid value: \"\": has invalid value: Odd", "count: Invalid value: \"\": needs to be unset");

    HttpResponse<String> ok = server.send("POST", EVENTS, "{\"apiVersion\":\"events.k8s.io/v1\",\"kind\":\"Event\","
        + "\"metadata\":{\"name\":\"good.1\"},\"eventTime\":\"2026-11-27T03:00:00.000000Z\",\"reportingController\":\"ctl\","
        + "\"reportingInstance\":\"i\",\"action\":\"A\",\"reason\":\"R\",\"type\":\"Normal\",\"note\":\"n\",\"regarding\":{\"namespace\":\"default\"}}");
    assertThat(ok.statusCode()).as(ok.body()).isEqualTo(201);
    HttpResponse<String> changed = server.send("PATCH", EVENTS + "/good.1", "{\"note\":\"rewritten\"}",
        "Content-Type", "application/merge-patch+json");
    assertThat(causes(changed)).containsExactly("message: Invalid value: \"rewritten\": field is immutable");
    HttpResponse<String> series = server.send("PATCH", EVENTS + "/good.1",
        "{\"series\":{\"count\":2,\"lastObservedTime\":\"2026-11-27T03:01:00.000000Z\"}}", "Content-Type", "application/merge-patch+json");
    assertThat(series.statusCode()).as(series.body()).isEqualTo(200);
  }

  @Test
  @DisplayName("with a time to live, the server deletes an Event after its last write: watchers see it go")
  void expiry() throws Exception {
    @SuppressWarnings("unchecked")
    ResourceType<Event> type = (ResourceType<Event>) server.registry().scheme().resource("", "events").orElseThrow();
    BlockingQueue<WatchEvent<Event>> seen = new LinkedBlockingQueue<>();
    RegistryContext ctx = new RegistryContext("default", UserInfo.of("test", "system:masters"));
    try (Watch watch = server.registry().store(type).watch(ctx, ListOptions.ALL, false, false, new WatchSink<>() {
          @Override
          public void onEvent(WatchEvent<Event> e) {
            if (e.object().metadata.name.equals("short.1")) {
              seen.add(e);
            }
          }

          @Override
          public void onEnd(ApiException error) {}
        });
        Expiry expiry = Expiry.over(server.registry(), setting -> Duration.ofMillis(setting.equals("event-ttl") ? 500 : 0),
            Clock.systemUTC())) {
      assertThat(expiry.swept()).containsExactly("events");
      expiry.start();
      assertThat(server.send("POST", CORE, coreEvent("short.1", "z")).statusCode()).isEqualTo(201);
      assertThat(seen.poll(30, TimeUnit.SECONDS).type()).isEqualTo(WatchEvent.Type.ADDED);
      WatchEvent<Event> gone = seen.poll(30, TimeUnit.SECONDS);
      assertThat(gone).isNotNull();
      assertThat(gone.type()).isEqualTo(WatchEvent.Type.DELETED);
      assertThat(server.send("GET", EVENTS + "/short.1", null).statusCode()).isEqualTo(404);
    }
  }
}
