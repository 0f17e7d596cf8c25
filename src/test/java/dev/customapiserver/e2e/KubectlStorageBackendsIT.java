package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.KubectlServerTest.fails;
import static dev.customapiserver.e2e.KubectlServerTest.ok;
import static dev.customapiserver.e2e.KubectlWatchIT.foo;
import static dev.customapiserver.e2e.KubectlWatchIT.lines;
import static dev.customapiserver.e2e.KubectlWatchIT.nextLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.testing.EtcdCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar custom-apiserver.war} on the etcd3 and file storage backends, driven by kubectl:
 * create, get, list, watch and delete of a namespace and Foos, a restart keeping them, and what the
 * store itself shows (etcd's keys, the YAML files, a file edited by hand).
 */
@DisplayName("kubectl against java -jar on the etcd3 and file storage backends")
class KubectlStorageBackendsIT {
  private static final String NAMESPACE = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n";

  @TempDir Path tmp;

  @Test
  @DisplayName("etcd3: kubectl create/get/list/watch/delete, kube's key layout in etcd, objects kept across a restart")
  void etcd() throws Exception {
    assumeTrue(Files.isExecutable(EtcdCluster.BIN), "no etcd binary at " + EtcdCluster.BIN + " (Debian package etcd-server)");
    try (EtcdCluster etcd = EtcdCluster.start(1);
        ServerProcess server = ServerProcess.start(tmp.resolve("data"),
            "--storage-backend", "etcd3", "--etcd-servers", etcd.endpoints().get(0))) {
      Kubectl kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
      ok(kubectl.runWithInput(NAMESPACE, "create", "-f", "-"));
      ok(kubectl.runWithInput(foo("hello", "from etcd"), "create", "-n", "team-a", "-f", "-"));

      Process watch = kubectl.start("get", "foos", "-n", "team-a", "-w");
      try {
        BlockingQueue<String> q = lines(watch);
        assertThat(nextLine(q)).startsWith("NAME");
        assertThat(nextLine(q)).startsWith("hello");
        ok(kubectl.runWithInput(foo("second", "two"), "create", "-n", "team-a", "-f", "-"));
        assertThat(nextLine(q)).startsWith("second");
      } finally {
        watch.destroy();
        watch.waitFor(10, TimeUnit.SECONDS);
      }
      assertThat(ok(kubectl.run("get", "foos", "-n", "team-a", "-o", "name")).out())
          .isEqualTo("foo.hello.zeng.dev/hello\nfoo.hello.zeng.dev/second\n");

      // kube's key layout; the resourceVersion is the key's mod revision
      EtcdKeys keys = new EtcdKeys(etcd.endpoints().get(0));
      assertThat(keys.range("/registry/hello.zeng.dev/foos/")).extracting(Kv::key)
          .containsExactly("/registry/hello.zeng.dev/foos/team-a/hello", "/registry/hello.zeng.dev/foos/team-a/second");
      assertThat(keys.range("/registry/namespaces/team-a")).extracting(Kv::key).containsExactly("/registry/namespaces/team-a");
      String rv = ok(kubectl.run("get", "foo", "hello", "-n", "team-a", "-o", "jsonpath={.metadata.resourceVersion}")).out();
      assertThat(keys.range("/registry/hello.zeng.dev/foos/team-a/hello").get(0).modRevision()).isEqualTo(rv);
      String uid = ok(kubectl.run("get", "foo", "hello", "-n", "team-a", "-o", "jsonpath={.metadata.uid}")).out();

      server.terminate();
      assertThat(server.awaitExit(Duration.ofSeconds(60))).as("exit code of a JVM ended by SIGTERM").isEqualTo(143);
      assertThat(server.log()).contains("Stopped; the storage is closed");
      server.restart();
      assertThat(ok(kubectl.run("get", "foo", "hello", "-n", "team-a",
          "-o", "jsonpath={.metadata.uid} {.metadata.resourceVersion} {.spec.config.msg}")).out())
          .isEqualTo(uid + " " + rv + " from etcd");

      ok(kubectl.run("delete", "foo", "hello", "-n", "team-a"));
      assertThat(fails(kubectl.run("get", "foo", "hello", "-n", "team-a")).err())
          .contains("foos.hello.zeng.dev \"hello\" not found");
      assertThat(keys.range("/registry/hello.zeng.dev/foos/")).extracting(Kv::key)
          .containsExactly("/registry/hello.zeng.dev/foos/team-a/second");
      ok(kubectl.run("delete", "namespace", "team-a"));
      assertThat(keys.range("/registry/hello.zeng.dev/foos/")).isEmpty();
      assertThat(keys.range("/registry/namespaces/team-a")).isEmpty();
    }
  }

  @Test
  @DisplayName("file: one YAML file per object, a file edited by hand is seen by kubectl, objects kept across a restart")
  void files() throws Exception {
    Path root = tmp.resolve("objects");
    try (ServerProcess server = ServerProcess.start(tmp.resolve("data"),
        "--storage-backend", "file", "--storage-root", root.toString())) {
      Kubectl kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
      ok(kubectl.runWithInput(NAMESPACE, "create", "-f", "-"));
      ok(kubectl.runWithInput(foo("hello", "from a file"), "create", "-n", "team-a", "-f", "-"));
      Path file = root.resolve("hello.zeng.dev/foos/team-a/hello.yaml");
      assertThat(file).exists();
      assertThat(root.resolve("core/namespaces/_cluster/team-a.yaml")).exists();
      String yaml = Files.readString(file);
      assertThat(yaml).contains("from a file");

      Process watch = kubectl.start("get", "foo", "hello", "-n", "team-a", "-w", "-o", "jsonpath={.spec.config.msg}{\"\\n\"}");
      try {
        BlockingQueue<String> q = lines(watch);
        assertThat(nextLine(q)).isEqualTo("from a file");
        Path edited = Files.writeString(tmp.resolve("hello.yaml"), yaml.replace("from a file", "edited by hand"));
        Files.move(edited, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE); // as an editor saves
        assertThat(nextLine(q)).isEqualTo("edited by hand");
      } finally {
        watch.destroy();
        watch.waitFor(10, TimeUnit.SECONDS);
      }

      server.terminate();
      assertThat(server.awaitExit(Duration.ofSeconds(60))).as("exit code of a JVM ended by SIGTERM").isEqualTo(143);
      assertThat(server.log()).contains("Stopped; the storage is closed");
      server.restart();
      assertThat(ok(kubectl.run("get", "foo", "hello", "-n", "team-a", "-o", "jsonpath={.spec.config.msg}")).out())
          .isEqualTo("edited by hand");
      ok(kubectl.run("delete", "foo", "hello", "-n", "team-a"));
      assertThat(file).doesNotExist();
    }
  }

  /** A key and its mod revision, as etcd's range answers. */
  record Kv(String key, String modRevision) {}

  /** Reads keys through etcd's JSON gateway ({@code /v3/kv/range}), as {@code etcdctl get --prefix} does over gRPC. */
  static final class EtcdKeys {
    private final URI range;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    EtcdKeys(String endpoint) {
      this.range = URI.create(endpoint + "/v3/kv/range");
    }

    /** The keys starting with {@code prefix}, in key order. */
    List<Kv> range(String prefix) throws Exception {
      byte[] start = prefix.getBytes(StandardCharsets.UTF_8);
      byte[] end = start.clone();
      end[end.length - 1]++;
      String body = "{\"key\":\"" + b64(start) + "\",\"range_end\":\"" + b64(end) + "\"}";
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(range).timeout(Duration.ofSeconds(10))
          .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      List<Kv> kvs = new ArrayList<>();
      for (JsonNode kv : new ObjectMapper().readTree(r.body()).path("kvs")) {
        kvs.add(new Kv(new String(Base64.getDecoder().decode(kv.path("key").asText()), StandardCharsets.UTF_8),
            kv.path("mod_revision").asText()));
      }
      return kvs;
    }

    private static String b64(byte[] b) {
      return Base64.getEncoder().encodeToString(b);
    }
  }
}
