package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The garbage collector's work survives a crash: after kill -9 and a restart, it finishes what was pending. */
@DisplayName("garbage collection across a server crash (kill -9)")
class GarbageCollectorRestartIT {
  static final int DEPENDENTS = 30;
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  static String uid(String resource, String name) throws Exception {
    return ok(kubectl.run("get", resource, name, "-o", "jsonpath={.metadata.uid}")).out().trim();
  }

  static String foo(String name, String ownerKind, String ownerApiVersion, String ownerName, String ownerUid, boolean block,
      String extraMetadata) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name + "\n" + extraMetadata
        + "  ownerReferences:\n  - apiVersion: " + ownerApiVersion + "\n    kind: " + ownerKind + "\n    name: " + ownerName
        + "\n    uid: " + ownerUid + "\n" + (block ? "    blockOwnerDeletion: true\n" : "")
        + "spec:\n  config:\n    msg: hi\n---\n";
  }

  @Test
  @DisplayName("a Background deletion killed mid-way and a Foreground owner waiting on a dependent both complete after restart")
  void finishesAfterKill() throws Exception {
    // a Foreground owner that must wait (its blocking dependent holds a finalizer) across the crash
    ok(kubectl.runWithInput("apiVersion: autobusi.group.cicd/v1alpha\nkind: JenkinsService\nmetadata:\n  name: fg-owner\n"
        + "spec:\n  instanceamount: 1\n", "create", "-f", "-"));
    ok(kubectl.runWithInput(foo("fg-held", "JenkinsService", "autobusi.group.cicd/v1alpha", "fg-owner", uid("js", "fg-owner"), true,
        "  finalizers: [example.com/hold]\n"), "create", "-f", "-"));
    ok(kubectl.run("delete", "js", "fg-owner", "--cascade=foreground", "--wait=false"));
    ok(kubectl.run("wait", "--for=jsonpath={.metadata.deletionGracePeriodSeconds}=0", "foo/fg-held", "--timeout=60s"));

    // many dependents of an owner deleted in Background right before the crash
    ok(kubectl.runWithInput("apiVersion: wardle.example.com/v1alpha1\nkind: Fischer\nmetadata:\n  name: crash-owner\n"
        + "disallowedFlunders: []\n", "create", "-f", "-"));
    String ownerUid = uid("fischer", "crash-owner");
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < DEPENDENTS; i++) {
      many.append(foo("dep-" + i, "Fischer", "wardle.example.com/v1alpha1", "crash-owner", ownerUid, false, ""));
    }
    ok(kubectl.runWithInput(many.toString(), "create", "-f", "-"));
    ok(kubectl.run("delete", "fischer", "crash-owner", "--wait=false"));
    server.kill();

    server.restart();
    System.out.println("after the restart: " + server.log().lines().filter(l -> l.contains("garbage collector started")).toList());
    java.util.List<String> waitAll = new java.util.ArrayList<>(java.util.List.of("wait", "--for=delete", "--timeout=120s"));
    for (int i = 0; i < DEPENDENTS; i++) {
      waitAll.add("foo/dep-" + i);
    }
    ok(kubectl.run(waitAll.toArray(String[]::new)));
    assertThat(ok(kubectl.run("get", "foos", "-o", "name")).out()).doesNotContain("foo.hello.zeng.dev/dep-");

    assertThat(ok(kubectl.run("get", "js", "fg-owner", "-o", "jsonpath={.metadata.finalizers}")).out())
        .as("still waiting for fg-held").contains("foregroundDeletion");
    ok(kubectl.run("patch", "foo", "fg-held", "--type", "merge", "-p", "{\"metadata\":{\"finalizers\":null}}"));
    ok(kubectl.run("wait", "--for=delete", "foo/fg-held", "--timeout=60s"));
    ok(kubectl.run("wait", "--for=delete", "js/fg-owner", "--timeout=60s"));
  }
}
