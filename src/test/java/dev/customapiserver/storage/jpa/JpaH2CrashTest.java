package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.customapiserver.storage.contract.Widget;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("JPA storage on H2: durability against kill -9")
class JpaH2CrashTest {
  private static final Pattern ACK = Pattern.compile("ACK (\\S+) (\\d+) END");
  private static final int ACKS_BEFORE_KILL = 300;

  @TempDir
  Path dataDir;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  @DisplayName("every write acknowledged before SIGKILL is there after reopening, once, and new RVs are larger")
  void acknowledgedWritesSurviveKill() throws Exception {
    // -Dcrashtest.h2.url=jdbc:h2:file:...;WRITE_DELAY=500 shows what the default setting loses
    String url = System.getProperty("crashtest.h2.url");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    ProcessBuilder pb = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        CrashWriter.class.getName(), dataDir.toString());
    if (url != null) {
      pb.command().add(url.replace("DIR", dataDir.toString()));
    }
    Process child = pb.redirectError(dataDir.resolve("child.err").toFile()).start();

    Map<String, Long> acked = new LinkedHashMap<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        Matcher m = ACK.matcher(line);
        if (m.matches()) {
          acked.put(m.group(1), Long.parseLong(m.group(2)));
        }
        if (acked.size() == ACKS_BEFORE_KILL && child.isAlive()) {
          // SIGKILL mid-stream. Through the ProcessHandle: Process.destroyForcibly() would also close
          // our end of the pipe, losing acknowledgements already written to it (they count).
          child.toHandle().destroyForcibly();
        }
      }
    }
    child.waitFor();
    assertThat(acked).as("acknowledged writes (stderr in " + dataDir.resolve("child.err") + ")")
        .hasSizeGreaterThanOrEqualTo(ACKS_BEFORE_KILL);
    assertThat(child.exitValue()).as("killed, not exited").isNotZero();

    DatabaseSettings settings = url != null ? new DatabaseSettings(url.replace("DIR", dataDir.toString()), "sa", "")
        : DatabaseSettings.h2File(dataDir);
    try (JpaStorageBackend reopened = new JpaStorageBackend(settings)) {
      ResourceStore<Widget> store = reopened.forResource(Widget.RESOURCE, Widget.codec());
      acked.forEach((name, rv) -> assertThat(store.get(new ObjectKey("crash", name)).metadata().resourceVersion)
          .as(name).isEqualTo(Long.toString(rv)));
      var names = store.list(ListRequest.all("crash")).items().stream().map(w -> w.metadata().name).toList();
      assertThat(names).doesNotHaveDuplicates().containsAll(acked.keySet());
      long maxAcked = acked.values().stream().mapToLong(Long::longValue).max().orElseThrow();
      assertThat(reopened.currentRevision()).isGreaterThanOrEqualTo(maxAcked).isEqualTo((long) names.size());
      Widget next = store.create(new ObjectKey("crash", "after-restart"), Widget.named("crash", "after-restart"));
      assertThat(Long.parseLong(next.metadata().resourceVersion)).isGreaterThan(reopened.currentRevision() - 1)
          .isGreaterThan(maxAcked);
    }
  }
}
