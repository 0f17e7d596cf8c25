package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Events as a kubectl user meets them, against {@code java -jar --event-ttl 30s}. */
@DisplayName("kubectl events, kubectl describe and --event-ttl")
class KubectlEventsIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void startServer() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"), "--event-ttl", "30s");
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  @Test
  @DisplayName("kubectl events lists Events of both APIs; --for and describe show those of one object")
  void eventsAndDescribe() throws Exception {
    ok(kubectl.runWithInput("apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: myfoo}\nspec: {config: {msg: hi}}\n",
        "apply", "-f", "-"));
    String uid = ok(kubectl.run("get", "foo", "myfoo", "-o", "jsonpath={.metadata.uid}")).out();
    ok(kubectl.runWithInput("apiVersion: v1\nkind: Event\nmetadata: {name: myfoo.1}\n"
        + "involvedObject: {kind: Foo, name: myfoo, namespace: default, apiVersion: hello.zeng.dev/v2, uid: " + uid + "}\n"
        + "reason: Greeted\nmessage: said hi\ntype: Normal\nsource: {component: foo-controller}\ncount: 1\n",
        "create", "-f", "-"));
    ok(kubectl.runWithInput("apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: other.1}\n"
        + "regarding: {kind: Foo, name: other, namespace: default, apiVersion: hello.zeng.dev/v2}\n"
        + "reason: Failed\nnote: went wrong\ntype: Warning\neventTime: \"2026-11-27T03:31:00.000000Z\"\n"
        + "reportingController: example.com/ctl\nreportingInstance: ctl-1\naction: Check\n", "create", "-f", "-"));

    String all = ok(kubectl.run("events")).out();
    assertThat(all).containsPattern("Normal\\s+Greeted\\s+Foo/myfoo\\s+said hi").containsPattern("Warning\\s+Failed\\s+Foo/other\\s+went wrong");
    String mine = ok(kubectl.run("events", "--for", "foo/myfoo")).out();
    assertThat(mine).contains("said hi").doesNotContain("went wrong");
    assertThat(ok(kubectl.run("events", "--types=Warning")).out()).contains("went wrong").doesNotContain("said hi");
    assertThat(ok(kubectl.run("describe", "foo", "myfoo")).out()).containsPattern("Normal\\s+Greeted\\s+.*foo-controller\\s+said hi");
    assertThat(ok(kubectl.run("get", "events.events.k8s.io", "other.1", "-o", "jsonpath={.note}/{.regarding.name}")).out())
        .isEqualTo("went wrong/other");

    Kubectl.Result bad = kubectl.runWithInput("apiVersion: events.k8s.io/v1\nkind: Event\nmetadata: {name: bad.1}\n"
        + "regarding: {namespace: default}\nreason: R\ntype: Normal\n", "create", "-f", "-");
    assertThat(bad.exitCode()).isNotZero();
    assertThat(bad.err()).contains("\"bad.1\" is invalid").contains("eventTime: Required value");
  }

  @Test
  @DisplayName("an Event goes once --event-ttl has passed since its last write: a watcher sees it DELETED")
  void expiry() throws Exception {
    ok(kubectl.run("create", "namespace", "ttl"));
    HttpResponse<java.io.InputStream> watch = server.stream("/api/v1/namespaces/ttl/events?watch=1");
    assertThat(watch.statusCode()).isEqualTo(200);
    ok(kubectl.runWithInput("apiVersion: v1\nkind: Event\nmetadata: {name: brief.1, namespace: ttl}\n"
        + "involvedObject: {kind: Foo, name: x, namespace: ttl}\nreason: Blink\nmessage: gone soon\ntype: Normal\n",
        "create", "-f", "-"));
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(watch.body(), StandardCharsets.UTF_8))) {
      String line;
      String deleted = null;
      while (deleted == null && (line = lines.readLine()) != null) {
        if (line.contains("\"DELETED\"")) {
          deleted = line;
        }
      }
      assertThat(deleted).contains("brief.1");
    }
    assertThat(ok(kubectl.run("get", "events", "-n", "ttl", "-o", "name")).out()).isEmpty();
  }
}
