package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** kubectl delete, --cascade and wait --for=delete against the running server, with finalizers and owners across groups. */
@DisplayName("kubectl deletion: finalizers, cascade modes and wait --for=delete")
class KubectlDeletionIT extends KubectlServerTest {
  static String foo(String name, String metadataExtra) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name + "\n" + metadataExtra
        + "spec:\n  config:\n    msg: hi\n";
  }

  static String jenkins(String name, String metadataExtra) {
    return "apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: " + name + "\n" + metadataExtra
        + "spec:\n  instanceamount: 1\n";
  }

  /** The YAML lines of an ownerReferences block pointing at {@code kind/name} (read through kubectl). */
  static String ownedBy(String apiVersion, String kind, String resource, String name, boolean block) throws Exception {
    String uid = ok(kubectl.run("get", resource, name, "-o", "jsonpath={.metadata.uid}")).out().trim();
    return "  ownerReferences:\n  - apiVersion: " + apiVersion + "\n    kind: " + kind + "\n    name: " + name + "\n    uid: " + uid
        + "\n" + (block ? "    blockOwnerDeletion: true\n" : "");
  }

  static void create(String yaml) throws Exception {
    ok(kubectl.runWithInput(yaml, "create", "-f", "-"));
  }

  static boolean gone(String resource, String name) throws Exception {
    Kubectl.Result r = kubectl.run("get", resource, name, "--ignore-not-found", "-o", "name");
    return r.ok() && r.out().isBlank();
  }

  @Test
  @DisplayName("kubectl delete of an object with a finalizer waits and returns once the last finalizer is removed")
  void deleteWaitsForFinalizer() throws Exception {
    create(foo("held", "  finalizers: [example.com/hold]\n"));
    Process delete = kubectl.start("delete", "foo", "held");
    ok(kubectl.run("wait", "--for=jsonpath={.metadata.deletionGracePeriodSeconds}=0", "foo/held", "--timeout=60s"));
    assertThat(delete.isAlive()).as("kubectl delete is still waiting for DELETED").isTrue();
    assertThat(ok(kubectl.run("get", "foo", "held", "-o", "jsonpath={.metadata.deletionTimestamp}")).out()).isNotBlank();
    ok(kubectl.run("patch", "foo", "held", "--type", "merge", "-p", "{\"metadata\":{\"finalizers\":null}}"));
    assertThat(delete.waitFor(60, TimeUnit.SECONDS)).as("kubectl delete returned").isTrue();
    assertThat(delete.exitValue()).isZero();
    assertThat(new String(delete.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).contains("foo.hello.zeng.dev \"held\" deleted");
    assertThat(gone("foo", "held")).isTrue();
  }

  @Test
  @DisplayName("kubectl wait --for=delete returns when the object is deleted")
  void waitForDelete() throws Exception {
    create(jenkins("awaited", ""));
    Path log = tmp.resolve("wait.err");
    Process wait = kubectl.start(log, "wait", "--for=delete", "jenkinsservice/awaited", "--timeout=60s", "-v=6");
    awaitWatching(wait, log);
    ok(kubectl.run("delete", "js", "awaited", "--wait=false"));
    assertThat(wait.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(wait.exitValue()).isZero();
    assertThat(new String(wait.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).contains("condition met");
  }

  /** Returns once kubectl's -v=6 log shows its watch request answered (polling the log against a deadline). */
  static void awaitWatching(Process kubectlProcess, Path log) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!(Files.exists(log) && Files.readString(log).contains("watch=true"))) {
      assertThat(kubectlProcess.isAlive()).as("kubectl still running; log:\n%s", Files.exists(log) ? Files.readString(log) : "").isTrue();
      assertThat(System.nanoTime()).as("kubectl started its watch within 60 s").isLessThan(deadline);
      Thread.sleep(50); // polling a log file for readiness, not synchronising on time
    }
  }

  @Test
  @DisplayName("--cascade=background (the default): dependents in other groups follow the owner")
  void cascadeBackground() throws Exception {
    create(jenkins("bg-owner", ""));
    create(foo("bg-dep", ownedBy("autobusi.group.cicd/v1alpha", "JenkinsService", "jenkinsservices", "bg-owner", false)));
    assertThat(ok(kubectl.run("delete", "js", "bg-owner")).out()).contains("jenkinsservice.autobusi.group.cicd \"bg-owner\" deleted");
    ok(kubectl.run("wait", "--for=delete", "foo/bg-dep", "--timeout=60s"));
    assertThat(gone("foo", "bg-dep")).isTrue();
  }

  @Test
  @DisplayName("a cluster-scoped owner (Fischer) takes its namespaced dependents along")
  void clusterScopedOwner() throws Exception {
    create("apiVersion: wardle.example.com/v1alpha1\nkind: Fischer\nmetadata:\n  name: gc-fritz\ndisallowedFlunders: []\n");
    create(foo("fritz-dep", ownedBy("wardle.example.com/v1alpha1", "Fischer", "fischers", "gc-fritz", false)));
    ok(kubectl.run("delete", "fischer", "gc-fritz", "--cascade=background"));
    ok(kubectl.run("wait", "--for=delete", "foo/fritz-dep", "--timeout=60s"));
  }

  @Test
  @DisplayName("--cascade=foreground: kubectl returns once the owner is gone, and its blocking dependents went first")
  void cascadeForeground() throws Exception {
    create(foo("fg-owner", ""));
    String refs = ownedBy("hello.zeng.dev/v2", "Foo", "foos", "fg-owner", true);
    create(jenkins("fg-dep-1", refs));
    create(foo("fg-dep-2", refs));
    assertThat(ok(kubectl.run("delete", "foo", "fg-owner", "--cascade=foreground")).out()).contains("\"fg-owner\" deleted");
    assertThat(gone("foo", "fg-owner")).isTrue();
    assertThat(gone("js", "fg-dep-1")).as("blocking dependent deleted before the owner").isTrue();
    assertThat(gone("foo", "fg-dep-2")).as("blocking dependent deleted before the owner").isTrue();
  }

  @Test
  @DisplayName("--cascade=orphan: the owner goes, the dependents stay without the owner reference")
  void cascadeOrphan() throws Exception {
    create(foo("or-owner", ""));
    create(jenkins("or-dep", ownedBy("hello.zeng.dev/v2", "Foo", "foos", "or-owner", false)));
    ok(kubectl.run("delete", "foo", "or-owner", "--cascade=orphan"));
    assertThat(gone("foo", "or-owner")).isTrue();
    assertThat(ok(kubectl.run("get", "js", "or-dep", "-o", "jsonpath={.metadata.ownerReferences}")).out()).isBlank();
  }

  @Test
  @DisplayName("adding a finalizer to an object being deleted is refused as kube-apiserver does")
  void noNewFinalizers() throws Exception {
    create(foo("closing", "  finalizers: [example.com/hold]\n"));
    ok(kubectl.run("delete", "foo", "closing", "--wait=false"));
    Kubectl.Result r = kubectl.run("patch", "foo", "closing", "--type", "json", "-p",
        "[{\"op\":\"add\",\"path\":\"/metadata/finalizers/-\",\"value\":\"example.com/late\"}]");
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains("Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers "
        + "[]string{\"example.com/late\"}");
    ok(kubectl.run("patch", "foo", "closing", "--type", "merge", "-p", "{\"metadata\":{\"finalizers\":null}}"));
    ok(kubectl.run("wait", "--for=delete", "foo/closing", "--timeout=60s"));
  }
}
