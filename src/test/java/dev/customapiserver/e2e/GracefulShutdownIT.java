package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kube-apiserver's graceful shutdown with a real process: SIGTERM while writes are in flight and a
 * watch is open, a second server started on the same data directory before the first has let go of
 * it.
 */
@DisplayName("SIGTERM: readyz fails first, writes keep being served during the delay, the watch ends cleanly, "
    + "and a server started right away waits for the database lock instead of failing")
class GracefulShutdownIT {
  static final String WAITING = "Waiting up to";
  @TempDir Path tmp;

  @Test
  @DisplayName("every write acknowledged before or during the shutdown is served by the next server")
  void sigtermWithWritesInFlightThenImmediateRestart() throws Exception {
    Path data = tmp.resolve("data");
    try (ServerProcess first = ServerProcess.start(data, "--shutdown-delay-duration", "10s",
        "--shutdown-watch-termination-grace-period", "10s", "--logging-format", "json")) {
      FooRequests foos = new FooRequests(first, "default");
      HttpResponse<InputStream> watch = first.stream("/apis/hello.zeng.dev/v2/namespaces/default/foos?watch=true");
      assertThat(watch.statusCode()).isEqualTo(200);

      // the next server, started while the first still runs: it must wait for the database
      CompletableFuture<ServerProcess> next = CompletableFuture.supplyAsync(() -> {
        try {
          return ServerProcess.start(data);
        } catch (IOException | InterruptedException e) {
          throw new CompletionException(e);
        }
      });
      awaitLog(first, WAITING, Duration.ofSeconds(90));

      Map<String, Boolean> acknowledged = new ConcurrentHashMap<>();
      CountDownLatch someWritten = new CountDownLatch(20);
      Thread writer = new Thread(() -> {
        for (int i = 0; i < 100_000; i++) {
          try {
            HttpResponse<String> r = foos.create("f" + i, "m" + i);
            if (r.statusCode() == 201) {
              acknowledged.put("f" + i, true);
              someWritten.countDown();
            }
          } catch (IOException e) {
            return; // the first server stopped accepting
          } catch (InterruptedException e) {
            return;
          }
        }
      });
      writer.start();
      assertThat(someWritten.await(60, TimeUnit.SECONDS)).isTrue();

      first.terminate();
      assertThat(awaitReadyzFailing(first)).as("/readyz fails during --shutdown-delay-duration").isEqualTo(500);
      int before = acknowledged.size();

      byte[] rest = watch.body().readAllBytes(); // throws if the chunked stream is cut instead of ended
      assertThat(new String(rest)).contains("\"type\":\"ADDED\"");
      writer.join(TimeUnit.SECONDS.toMillis(120));
      assertThat(acknowledged.size()).as("writes were still served after SIGTERM").isGreaterThan(before);
      assertThat(first.awaitExit(Duration.ofSeconds(120))).as("exit code of a JVM ended by SIGTERM").isEqualTo(143);
      assertThat(first.log()).doesNotContain("Database may be already in use");
      String stopped = first.log().lines().filter(l -> l.contains("Stopped; the storage is closed")).findFirst().orElseThrow();
      JsonNode line = FooRequests.JSON.readTree(stopped); // --logging-format=json: one object per line
      assertThat(line.path("level").asText()).isEqualTo("info");
      assertThat(line.path("msg").asText()).isEqualTo("Stopped; the storage is closed");
      assertThat(line.path("ts").asText()).isNotEmpty();

      try (ServerProcess second = next.get(180, TimeUnit.SECONDS)) {
        FooRequests again = new FooRequests(second, "default");
        assertThat(again.listAll(500)).extracting(FooRequests.Stored::name).containsAll(acknowledged.keySet());
        assertThat(second.log()).contains("The database lock is free; continuing");
      }
    }
  }

  private static int awaitReadyzFailing(ServerProcess server) throws Exception {
    Instant deadline = Instant.now().plusSeconds(10);
    int code = server.get("/readyz", null).statusCode();
    while (code == 200 && Instant.now().isBefore(deadline)) {
      Thread.sleep(20); // polling the probe as a load balancer does, against a deadline
      code = server.get("/readyz", null).statusCode();
    }
    return code;
  }

  private static void awaitLog(ServerProcess server, String text, Duration max) throws Exception {
    Instant deadline = Instant.now().plus(max);
    while (!Files.readString(server.dataDir().resolveSibling(server.dataDir().getFileName() + ".log")).contains(text)) {
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("the log never said \"" + text + "\":\n" + server.log());
      }
      Thread.sleep(100); // polling a log file against a deadline
    }
  }
}
