package dev.customapiserver.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.e2e.ServerProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/storage.md's way to give back the disk space of the H2 file, run as written: a server writes
 * and deletes until the file holds mostly old pages; the page's commands refuse its file while it
 * runs; it is killed, the commands compact the file, and the server starts on it again with every
 * object and its next resourceVersion where they were.
 */
@DisplayName("Documentation: the H2 file compacts offline as docs/storage.md says")
class H2CompactIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FOOS = "/apis/hello.zeng.dev/v1/namespaces/default/foos";
  @TempDir Path tmp;

  @Test
  @DisplayName("after writes and deletes, the page's two commands shrink a killed server's file; the data stays")
  void compactsAndServesAgain() throws Exception {
    String commands = compactionBlock();
    Path data = tmp.resolve("data");
    Path file = data.resolve("db/apiserver.mv.db");
    try (ServerProcess server = ServerProcess.start(data)) {
      for (int i = 0; i < 3; i++) {
        assertThat(create(server, "kept-" + i).statusCode()).isEqualTo(201);
      }
      for (int i = 0; i < 150; i++) { // each write is a commit of its own: the file grows by one chunk each
        assertThat(create(server, "churn-" + i).statusCode()).isEqualTo(201);
        assertThat(server.send("DELETE", FOOS + "/churn-" + i, null, null).statusCode()).isEqualTo(200);
      }
      String lastRevision = revision(server);
      Path work = Files.createDirectories(tmp.resolve("work"));
      Files.createSymbolicLink(work.resolve("custom-apiserver.war"), Path.of("target/custom-apiserver.war").toAbsolutePath());
      String[] refused = run(commands, work, data);
      assertThat(refused[0]).as("exit code of the page's commands on a running server's file").isNotEqualTo("0");
      assertThat(refused[1]).as("what they print").contains("The file is locked");
      assertThat(server.get(FOOS + "/kept-0", server.token()).statusCode()).as("the server still serves").isEqualTo(200);
      // killed, not stopped: a graceful stop compacts a small file itself for up to 200 ms (H2's
      // MAX_COMPACT_TIME), which hides the growth that a large one keeps after a stop
      server.kill();
      long before = Files.size(file);
      String[] compacted = run(commands, work, data);
      assertThat(compacted[0]).as("exit code of the page's commands; they printed:%n%s", compacted[1]).isEqualTo("0");
      long after = Files.size(file);
      assertThat(after).as("size of %s after compaction (before: %d bytes)", file, before).isLessThan(before / 3);

      server.restart();
      for (int i = 0; i < 3; i++) {
        HttpResponse<String> got = server.get(FOOS + "/kept-" + i, server.token());
        assertThat(got.statusCode()).as(got.body()).isEqualTo(200);
        assertThat(JSON.readTree(got.body()).path("spec").path("msg").asText()).isEqualTo("kept-" + i);
      }
      assertThat(server.get(FOOS + "/churn-0", server.token()).statusCode()).isEqualTo(404);
      HttpResponse<String> next = create(server, "after");
      assertThat(next.statusCode()).as(next.body()).isEqualTo(201);
      assertThat(Long.parseLong(JSON.readTree(next.body()).path("metadata").path("resourceVersion").asText()))
          .as("resourceVersions go on after the compacted file's").isGreaterThan(Long.parseLong(lastRevision));
    }
  }

  /** Runs {@code commands} in bash in {@code work} with DATA_DIR set; returns the exit code and the output. */
  private static String[] run(String commands, Path work, Path data) throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder("bash", "-euo", "pipefail", "-c", commands).directory(work.toFile())
        .redirectErrorStream(true);
    b.environment().put("DATA_DIR", data.toString());
    Process p = b.start();
    p.getOutputStream().close();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the commands finish").isTrue();
    return new String[] {Integer.toString(p.exitValue()), output};
  }

  private String compactionBlock() {
    MarkdownPage page = MarkdownPage.read(Path.of("docs/storage.md").toAbsolutePath());
    List<String> found = new ArrayList<>();
    for (MarkdownPage.Block b : page.blocks()) {
      if (String.join("\n", b.lines()).contains("MVStoreTool -compact")) {
        found.add(String.join("\n", b.lines()));
      }
    }
    assertThat(found).as("docs/storage.md's blocks with the compaction command").hasSize(1);
    return found.get(0);
  }

  private static HttpResponse<String> create(ServerProcess server, String name) throws IOException, InterruptedException {
    String foo = JSON.createObjectNode().put("apiVersion", "hello.zeng.dev/v1").put("kind", "Foo")
        .<ObjectNode>set("metadata", JSON.createObjectNode().put("name", name))
        .set("spec", JSON.createObjectNode().put("msg", name).put("msg1", "x".repeat(400))).toString();
    return server.send("POST", FOOS, foo, "application/json");
  }

  private static String revision(ServerProcess server) throws IOException, InterruptedException {
    HttpResponse<String> list = server.get(FOOS + "?limit=1", server.token());
    assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
    return JSON.readTree(list.body()).path("metadata").path("resourceVersion").asText();
  }
}
