package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.e2e.HttpsWatch.Event;
import dev.customapiserver.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CRD on two {@code java -jar} replicas over one PostgreSQL database: created through A with
 * kubectl, established and served by B (discovery, create, list, watch, kubectl by short name);
 * deleted through B, its objects go and A's endpoints answer 404, A's watches ending after the
 * DELETED events. Skipped when PostgreSQL cannot start.
 */
@DisplayName("A CRD on two replicas over one PostgreSQL")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CustomResourceReplicasIT {
  static final String CRD_NAME = "gadgets.replicas.example.com";
  static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: gadgets.replicas.example.com
      spec:
        group: replicas.example.com
        scope: Namespaced
        names: {plural: gadgets, singular: gadget, kind: Gadget, shortNames: [gd]}
        versions:
          - name: v1
            served: true
            storage: true
            additionalPrinterColumns:
              - {name: Size, type: integer, jsonPath: .spec.size}
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      size: {type: integer, default: 1}
      """;
  static final String GADGETS = "/apis/replicas.example.com/v1/namespaces/crd/gadgets";
  static final Duration DEADLINE = Duration.ofSeconds(60); // a bound on a loaded machine, not a timing
  @TempDir static Path tmp;
  static PostgresServer postgres;
  static ServerProcess a;
  static ServerProcess b;
  static Kubectl onA;
  static Kubectl onB;

  @BeforeAll
  static void start() throws Exception {
    try {
      postgres = PostgresServer.start();
    } catch (Exception e) {
      Assumptions.abort("PostgreSQL not available: " + e.getMessage());
    }
    String url = postgres.createDatabase();
    a = ServerProcess.start(tmp.resolve("a"), "--storage-url", url, "--storage-username", "postgres");
    b = ServerProcess.start(tmp.resolve("b"), "--storage-url", url, "--storage-username", "postgres");
    onA = new Kubectl(a.kubeconfig(), Files.createDirectories(tmp.resolve("home-a")));
    onB = new Kubectl(b.kubeconfig(), Files.createDirectories(tmp.resolve("home-b")));
    ok(a.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"crd\"}}", "application/json"), 201);
  }

  @AfterAll
  static void stop() throws Exception {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  static JsonNode ok(HttpResponse<String> r, int status) {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
    return FooRequests.read(r.body());
  }

  static Kubectl.Result kubectl(Kubectl k, String stdin, String... args) throws Exception {
    Kubectl.Result r = k.runWithInput(stdin, args);
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  /** Polls {@code done} until it holds, within {@link #DEADLINE}. */
  static void eventually(String what, Callable<Boolean> done) throws Exception {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (!done.call()) {
      assertThat(System.nanoTime()).as(what + " within " + DEADLINE).isLessThan(deadline);
      Thread.sleep(100); // polling against the deadline above
    }
  }

  static String gadget(String name, int size) {
    return "{\"apiVersion\":\"replicas.example.com/v1\",\"kind\":\"Gadget\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"size\":" + size + "}}";
  }

  static List<String> names(JsonNode list) {
    return java.util.stream.StreamSupport.stream(list.path("items").spliterator(), false)
        .map(i -> i.at("/metadata/name").asText()).sorted().toList();
  }

  @Test
  @Order(1)
  @DisplayName("applied with kubectl through A: B reports it Established, serves it in discovery and by short name, "
      + "and both list objects created through either")
  void createdOnAServedByB() throws Exception {
    assertThat(kubectl(onA, CRD, "apply", "-f", "-").out()).contains("customresourcedefinition.apiextensions.k8s.io/"
        + CRD_NAME + " created");
    kubectl(onB, null, "wait", "--for=condition=Established", "crd/" + CRD_NAME, "--timeout=60s");
    JsonNode discovery = ok(b.send("GET", "/apis/replicas.example.com/v1", null, null), 200);
    assertThat(discovery.at("/resources/0/name").asText()).isEqualTo("gadgets");
    assertThat(discovery.at("/resources/0/shortNames/0").asText()).isEqualTo("gd");
    assertThat(b.send("GET", "/apis", null, null).body()).contains("replicas.example.com");

    kubectl(onB, gadget("made-on-b", 2), "apply", "-n", "crd", "-f", "-");
    JsonNode made = ok(a.send("POST", GADGETS, gadget("made-on-a", 3).replace("{\"size\":3}", "{}"),
        "application/json"), 201);
    assertThat(made.at("/spec/size").asInt()).as("defaulted by A from the schema").isEqualTo(1);
    assertThat(names(ok(b.send("GET", GADGETS, null, null), 200))).containsExactly("made-on-a", "made-on-b");
    assertThat(names(ok(a.send("GET", GADGETS, null, null), 200))).containsExactly("made-on-a", "made-on-b");
    String table = kubectl(onB, null, "get", "gd", "-n", "crd").out();
    assertThat(table.lines().toList()).hasSize(3).first().asString().startsWith("NAME").contains("SIZE");
    assertThat(table).containsPattern("made-on-a\\s+1\\s").containsPattern("made-on-b\\s+2\\s");
  }

  @Test
  @Order(2)
  @DisplayName("a watcher on B sees objects created and changed through A, with A's resourceVersions")
  void watchOnBSeesA() throws Exception {
    String rv = ok(b.send("GET", GADGETS, null, null), 200).at("/metadata/resourceVersion").asText();
    try (HttpsWatch watch = HttpsWatch.open(b, GADGETS + "?watch=true&resourceVersion=" + rv)) {
      JsonNode created = ok(a.send("POST", GADGETS, gadget("watched", 5), "application/json"), 201);
      Event e = watch.next();
      assertThat(e.summary()).isEqualTo("ADDED watched " + created.at("/metadata/resourceVersion").asText());
      assertThat(e.json().at("/object/spec/size").asInt()).isEqualTo(5);
      JsonNode changed = ok(a.send("PATCH", GADGETS + "/watched", "{\"spec\":{\"size\":6}}", "application/merge-patch+json"), 200);
      assertThat(watch.next().summary()).isEqualTo("MODIFIED watched " + changed.at("/metadata/resourceVersion").asText());
    }
  }

  @Test
  @Order(3)
  @DisplayName("deleted with kubectl through B: its objects are deleted, A's watch ends after their DELETED events, "
      + "and A answers 404 and drops the group from discovery")
  void deletedThroughB() throws Exception {
    String rv = ok(a.send("GET", GADGETS, null, null), 200).at("/metadata/resourceVersion").asText();
    try (HttpsWatch watch = HttpsWatch.open(a, GADGETS + "?watch=true&resourceVersion=" + rv)) {
      assertThat(kubectl(onB, null, "delete", "crd", CRD_NAME).out()).contains(CRD_NAME + "\" deleted");
      assertThat(ok(b.send("GET", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/" + CRD_NAME, null, null), 404)
          .path("reason").asText()).isEqualTo("NotFound");
      List<String> deleted = watch.next(3).stream().map(e -> e.type() + " " + e.name()).sorted().toList();
      assertThat(deleted).containsExactly("DELETED made-on-a", "DELETED made-on-b", "DELETED watched");
      watch.awaitEnd();
    }
    eventually("A answers 404 for the gadgets", () -> a.send("GET", GADGETS, null, null).statusCode() == 404);
    assertThat(a.send("GET", "/apis/replicas.example.com/v1", null, null).statusCode()).isEqualTo(404);
    assertThat(a.send("GET", "/apis", null, null).body()).doesNotContain("replicas.example.com");
    eventually("B answers 404 for the gadgets", () -> b.send("GET", GADGETS, null, null).statusCode() == 404);
    Kubectl.Result gone = onA.run("get", "gd", "-n", "crd");
    assertThat(gone.exitCode()).as(gone.toString()).isNotZero();
    assertThat(gone.err()).contains("the server doesn't have a resource type \"gd\"");
  }
}
