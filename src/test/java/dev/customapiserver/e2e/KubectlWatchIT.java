package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** kubectl's watching commands against {@code java -jar custom-apiserver.war}: get -w, wait --for=delete, delete. */
@DisplayName("kubectl watches against the running server")
class KubectlWatchIT extends KubectlServerTest {
  static String foo(String name, String msg) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name
        + "\nspec:\n  image: busybox:1.36\n  config:\n    msg: " + msg + "\n";
  }

  /** The lines a background process prints, read on a daemon thread. */
  static BlockingQueue<String> lines(Process p) {
    BlockingQueue<String> q = new LinkedBlockingQueue<>();
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String l; (l = in.readLine()) != null; ) {
          q.add(l);
        }
      } catch (Exception e) {
        // the process was killed
      }
    }, "kubectl-watch-reader");
    t.setDaemon(true);
    t.start();
    return q;
  }

  static String nextLine(BlockingQueue<String> q) throws InterruptedException {
    String l = q.poll(60, TimeUnit.SECONDS);
    assertThat(l).as("a line from kubectl within 60 s").isNotNull();
    return l;
  }

  @Test
  @DisplayName("kubectl get foos -w prints the existing object, then a created and a modified one")
  void getWatch() throws Exception {
    ok(kubectl.runWithInput(foo("w-before", "one"), "create", "-f", "-"));
    Process watch = kubectl.start("get", "foos", "-w");
    try {
      BlockingQueue<String> q = lines(watch);
      assertThat(nextLine(q)).startsWith("NAME");
      assertThat(nextLine(q)).startsWith("w-before");
      ok(kubectl.runWithInput(foo("w-new", "one"), "create", "-f", "-"));
      assertThat(nextLine(q)).startsWith("w-new");
      ok(kubectl.run("label", "foo", "w-new", "changed=yes"));
      assertThat(nextLine(q)).startsWith("w-new");
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  @DisplayName("kubectl wait --for=delete returns once the object is deleted")
  void waitForDelete() throws Exception {
    ok(kubectl.runWithInput(foo("w-gone", "one"), "create", "-f", "-"));
    CompletableFuture<Kubectl.Result> waiting = CompletableFuture.supplyAsync(() -> {
      try {
        return kubectl.run("wait", "--for=delete", "foo/w-gone", "--timeout=60s");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    ok(kubectl.run("delete", "foo", "w-gone", "--wait=false"));
    Kubectl.Result r = waiting.get(90, TimeUnit.SECONDS);
    assertThat(r.exitCode()).as(r.toString()).isZero();
  }

  @Test
  @DisplayName("kubectl delete waits for the object to be gone and returns")
  void deleteWaits() throws Exception {
    ok(kubectl.runWithInput(foo("w-del", "one"), "create", "-f", "-"));
    assertThat(ok(kubectl.run("delete", "foo", "w-del")).out()).contains("foo.hello.zeng.dev \"w-del\" deleted");
    assertThat(kubectl.run("get", "foo", "w-del").err()).contains("not found");
  }
}
