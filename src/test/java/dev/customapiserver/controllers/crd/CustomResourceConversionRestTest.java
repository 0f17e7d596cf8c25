package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import dev.customapiserver.testing.CronTabConversion;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.WebhookServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRD versions: a conversion webhook between v1beta1 and v1, and a storage version switch, with the watch cache on")
class CustomResourceConversionRestTest {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final String V1 = "/apis/stable.example.com/v1/namespaces/default/crontabs";
  static final String V1BETA1 = "/apis/stable.example.com/v1beta1/namespaces/default/crontabs";
  static final ObjectMapper JSON = new ObjectMapper();
  static WebhookServer hook;
  static dev.customapiserver.storage.memory.MemoryStorageBackend database;
  static TestServer server;
  static CustomResourceController controller;

  @BeforeAll
  static void start() throws Exception {
    hook = new WebhookServer().on("/convert", new CronTabConversion())
        .on("/fail", r -> CronTabConversion.failure(r, "the webhook is down for maintenance"));
    List<ApiGroup> groups = TestServer.everyGroup();
    database = new dev.customapiserver.storage.memory.MemoryStorageBackend();
    server = new TestServer(groups, new CachingStorageBackend(database, 100));
    controller = new CustomResourceController(server.registry());
    controller.start();
  }

  @AfterAll
  static void stop() throws Exception {
    controller.close();
    server.close();
    hook.close();
  }

  /** A CronTab CRD: v1beta1 has spec.cronSpec, v1 spec.schedule; converted by the webhook at {@code path}. */
  static String crd(String plural, String kind, String storage, String path) {
    String schema = """
        {"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{
          "%s":{"type":"string"},"image":{"type":"string"}}}}}}""";
    return """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"%1$s.stable.example.com"},
         "spec":{"group":"stable.example.com","scope":"Namespaced","names":{"plural":"%1$s","kind":"%2$s"},
           "versions":[{"name":"v1beta1","served":true,"storage":%3$b,"schema":%4$s},
                       {"name":"v1","served":true,"storage":%5$b,"schema":%6$s}],
           "conversion":{"strategy":"Webhook","webhook":{"conversionReviewVersions":["v1"],
             "clientConfig":{"url":"%7$s","caBundle":"%8$s"}}}}}
        """.formatted(plural, kind, storage.equals("v1beta1"), schema.formatted("cronSpec"), storage.equals("v1"),
        schema.formatted("schedule"), hook.url(path), hook.caBundle());
  }

  static String cronTab(String version, String name, String schedule) {
    String field = version.equals("v1") ? "schedule" : "cronSpec";
    return "{\"apiVersion\":\"stable.example.com/" + version + "\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"" + field + "\":\"" + schedule + "\",\"image\":\"my-awesome-cron-image\"}}";
  }

  static void eventually(String what, BooleanSupplier done) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not reached: " + what);
      }
      Thread.sleep(50);
    }
  }

  static boolean ok(String path) {
    try {
      return server.send("GET", path, null).statusCode() == 200;
    } catch (Exception e) {
      return false;
    }
  }

  static String storageVersion(String plural) {
    return server.registry().scheme().resource("stable.example.com", plural).map(ResourceType::storageVersion).orElse("");
  }

  static JsonNode get(String path) throws Exception {
    HttpResponse<String> r = server.send("GET", path, null);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  /** The object as the database holds it (apiVersion and fields of the version it was stored in). */
  static Unstructured stored(String plural, String name) {
    CustomResourceDefinition crd = new CustomResourceDefinition();
    crd.spec.group = "stable.example.com";
    crd.spec.scope = "Namespaced";
    CustomResourceDefinition.Version v = new CustomResourceDefinition.Version();
    v.name = "raw";
    v.served = true;
    v.storage = true;
    crd.spec.versions = List.of(v);
    CustomResourceDefinition.Names names = new CustomResourceDefinition.Names();
    names.plural = plural;
    names.kind = "CronTab";
    ResourceType<Unstructured> raw = CustomResourceTypes.of(crd, names, new Conversions());
    return database.forResource(new GroupResource("stable.example.com", plural), new StorageCodec<>(raw, new Codecs()))
        .get(new ObjectKey("default", name));
  }

  @Test
  @DisplayName("objects written through either version are stored in the storage version and read through both; "
      + "after the storage version changes, new writes are stored in it and old objects stay readable")
  void twoVersionsAndAStorageSwitch() throws Exception {
    HttpResponse<String> r = server.send("POST", CRDS, crd("crontabs", "CronTab", "v1beta1", "/convert"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    eventually("both versions served", () -> ok(V1) && ok(V1BETA1));

    r = server.send("POST", V1, cronTab("v1", "through-v1", "*/1 * * * *"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(JSON.readTree(r.body()).at("/spec/schedule").asText()).isEqualTo("*/1 * * * *");
    assertThat(JSON.readTree(r.body()).at("/apiVersion").asText()).isEqualTo("stable.example.com/v1");
    Unstructured raw = stored("crontabs", "through-v1");
    assertThat(raw.apiVersion).isEqualTo("stable.example.com/v1beta1");
    assertThat(raw.get("spec").path("cronSpec").asText()).isEqualTo("*/1 * * * *");

    assertThat(get(V1BETA1 + "/through-v1").at("/spec/cronSpec").asText()).isEqualTo("*/1 * * * *");
    assertThat(get(V1 + "/through-v1").at("/spec/schedule").asText()).isEqualTo("*/1 * * * *");
    assertThat(server.send("POST", V1BETA1, cronTab("v1beta1", "through-v1beta1", "*/2 * * * *")).statusCode()).isEqualTo(201);

    int reviews = hook.received("/convert").size();
    JsonNode list = get(V1);
    assertThat(list.at("/apiVersion").asText()).isEqualTo("stable.example.com/v1");
    assertThat(schedules(list, "schedule")).containsExactly("through-v1=*/1 * * * *", "through-v1beta1=*/2 * * * *");
    assertThat(hook.received("/convert")).as("one review for the whole list").hasSize(reviews + 1);
    assertThat(hook.received("/convert").get(reviews).at("/request/objects").size()).isEqualTo(2);

    // the storage version becomes v1
    JsonNode definition = get(CRDS + "/crontabs.stable.example.com");
    ((ObjectNode) definition.at("/spec/versions/0")).put("storage", false);
    ((ObjectNode) definition.at("/spec/versions/1")).put("storage", true);
    r = server.send("PUT", CRDS + "/crontabs.stable.example.com", definition.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(JSON.readTree(r.body()).at("/status/storedVersions").toString()).isEqualTo("[\"v1beta1\",\"v1\"]");
    eventually("v1 is the storage version", () -> storageVersion("crontabs").equals("v1"));

    r = server.send("POST", V1BETA1, cronTab("v1beta1", "after-switch", "*/3 * * * *"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(JSON.readTree(r.body()).at("/spec/cronSpec").asText()).isEqualTo("*/3 * * * *");
    raw = stored("crontabs", "after-switch");
    assertThat(raw.apiVersion).isEqualTo("stable.example.com/v1");
    assertThat(raw.get("spec").path("schedule").asText()).isEqualTo("*/3 * * * *");
    assertThat(stored("crontabs", "through-v1").apiVersion).as("not migrated by itself").isEqualTo("stable.example.com/v1beta1");

    for (String query : List.of("", "?resourceVersion=0")) { // from the database, and from the watch cache
      assertThat(schedules(get(V1 + query), "schedule")).as(query)
          .containsExactly("after-switch=*/3 * * * *", "through-v1=*/1 * * * *", "through-v1beta1=*/2 * * * *");
      assertThat(schedules(get(V1BETA1 + query), "cronSpec")).as(query)
          .containsExactly("after-switch=*/3 * * * *", "through-v1=*/1 * * * *", "through-v1beta1=*/2 * * * *");
    }
    assertThat(get(V1BETA1 + "/through-v1").at("/spec/cronSpec").asText()).isEqualTo("*/1 * * * *");

    // an old object written again is stored in the new version
    ObjectNode old = (ObjectNode) get(V1 + "/through-v1");
    ((ObjectNode) old.get("spec")).put("image", "new-image");
    r = server.send("PUT", V1 + "/through-v1", old.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(stored("crontabs", "through-v1").apiVersion).isEqualTo("stable.example.com/v1");
    assertThat(get(V1BETA1 + "/through-v1").at("/spec/image").asText()).isEqualTo("new-image");

    // a watch through v1beta1 (from the watch cache) sees every object in v1beta1; resourceVersion=0 starts from whatever
    // the cache holds, so wait until it has applied the update (else the watch rightly adds a MODIFIED event)
    eventually("the watch cache holds the update", () -> imageInCache("through-v1").equals("new-image"));
    String events = server.send("GET", V1BETA1 + "?watch=true&resourceVersion=0&timeoutSeconds=1", null).body();
    List<String> seen = new ArrayList<>();
    for (String line : events.split("\n")) {
      if (!line.isBlank()) {
        JsonNode e = JSON.readTree(line);
        seen.add(e.at("/type").asText() + " " + e.at("/object/apiVersion").asText() + " " + e.at("/object/spec/cronSpec").asText() + " " + e.at("/object/spec/image").asText());
      }
    }
    assertThat(seen).containsExactly("ADDED stable.example.com/v1beta1 */3 * * * * my-awesome-cron-image",
        "ADDED stable.example.com/v1beta1 */1 * * * * new-image", "ADDED stable.example.com/v1beta1 */2 * * * * my-awesome-cron-image");
  }

  static String imageInCache(String name) {
    try {
      for (JsonNode item : get(V1BETA1 + "?resourceVersion=0").at("/items")) {
        if (item.at("/metadata/name").asText().equals(name)) {
          return item.at("/spec/image").asText();
        }
      }
      return "";
    } catch (Exception e) {
      return "";
    }
  }

  static List<String> schedules(JsonNode list, String field) {
    List<String> out = new ArrayList<>();
    list.at("/items").forEach(i -> out.add(i.at("/metadata/name").asText() + "=" + i.at("/spec/" + field).asText()));
    return out;
  }

  @Test
  @DisplayName("a failing webhook: reads and writes through a version other than the storage version get kube's 500")
  void failingWebhook() throws Exception {
    String v1 = "/apis/stable.example.com/v1/namespaces/default/failtabs";
    String v1beta1 = "/apis/stable.example.com/v1beta1/namespaces/default/failtabs";
    HttpResponse<String> r = server.send("POST", CRDS, crd("failtabs", "FailTab", "v1", "/fail"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    eventually("both versions served", () -> ok(v1) && ok(v1beta1));
    r = server.send("POST", v1, cronTab("v1", "a", "* * * * *").replace("CronTab", "FailTab"));
    assertThat(r.statusCode()).as("no conversion needed: " + r.body()).isEqualTo(201);

    r = server.send("GET", v1beta1 + "/a", null);
    assertThat(r.statusCode()).isEqualTo(500);
    JsonNode status = JSON.readTree(r.body());
    assertThat(status.at("/message").asText())
        .isEqualTo("conversion webhook for stable.example.com/v1, Kind=FailTab failed: the webhook is down for maintenance");
    assertThat(status.at("/reason").isMissingNode()).isTrue();
    assertThat(server.send("GET", v1beta1, null).statusCode()).isEqualTo(500);
    r = server.send("POST", v1beta1, cronTab("v1beta1", "b", "* * * * *").replace("CronTab", "FailTab"));
    assertThat(r.statusCode()).isEqualTo(500);
    assertThat(JSON.readTree(r.body()).at("/message").asText())
        .isEqualTo("conversion webhook for stable.example.com/v1beta1, Kind=FailTab failed: the webhook is down for maintenance");
    assertThat(server.send("GET", v1 + "/b", null).statusCode()).as("nothing stored").isEqualTo(404);
  }

  @Test
  @DisplayName("the conversion stanza is validated with kube's field paths and messages")
  void validation() throws Exception {
    ObjectNode noWebhook = (ObjectNode) JSON.readTree(crd("badtabs", "BadTab", "v1", "/convert"));
    ((ObjectNode) noWebhook.at("/spec/conversion")).remove("webhook");
    HttpResponse<String> r = server.send("POST", CRDS, noWebhook.toString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(JSON.readTree(r.body()).at("/message").asText()).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io "
        + "\"badtabs.stable.example.com\" is invalid: [spec.conversion.webhookClientConfig: Required value: required when "
        + "strategy is set to Webhook, spec.conversion.conversionReviewVersions: Required value]");

    r = server.send("POST", CRDS, crd("badtabs", "BadTab", "v1", "/convert").replace("\"Webhook\"", "\"None\""));
    assertThat(JSON.readTree(r.body()).at("/message").asText()).contains(
        "spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook",
        "spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook");

    r = server.send("POST", CRDS, crd("badtabs", "BadTab", "v1", "/convert").replace("[\"v1\"]", "[\"v2\"]")
        .replace("\"https://", "\"http://"));
    assertThat(JSON.readTree(r.body()).at("/message").asText()).contains(
        "spec.conversion.webhookClientConfig.url: Invalid value: \"http\": 'https' is the only allowed URL scheme; "
            + "desired format: https://host[/path]",
        "spec.conversion.conversionReviewVersions: Invalid value: []string{\"v2\"}: must include at least one of v1, v1beta1");

    r = server.send("POST", CRDS, crd("badtabs", "BadTab", "v1", "/convert")
        .replace("\"scope\":", "\"preserveUnknownFields\":true,\"scope\":"));
    assertThat(JSON.readTree(r.body()).at("/message").asText()).contains(
        "spec.conversion.strategy: Invalid value: \"Webhook\": must be None if spec.preserveUnknownFields is true");
  }
}
