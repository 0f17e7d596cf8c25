package dev.customapiserver.admission;

import static dev.customapiserver.admission.AdmissionFixtures.foo;
import static dev.customapiserver.admission.AdmissionFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The namespace controller across a restart (H2)")
class NamespaceRestartTest {
  static final Duration WAIT = Duration.ofSeconds(60);
  static final String STICKY = "/apis/test.example.com/v2/namespaces/resume/widgets/sticky";
  @TempDir Path dataDir;

  @Test
  @DisplayName("a namespace still Terminating when the server stops is emptied and removed after the next start; default is created once")
  void resumes() throws Exception {
    try (TestServer first = AdmissionFixtures.server(new JpaStorageBackend(DatabaseSettings.h2File(dataDir)),
        new StickyModule(new AtomicBoolean(true)))) {
      assertThat(first.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"resume\"}}").statusCode()).isEqualTo(201);
      assertThat(first.send("POST", "/apis/hello.zeng.dev/v2/namespaces/resume/foos", foo("f", "m")).statusCode()).isEqualTo(201);
      assertThat(first.send("POST", "/apis/test.example.com/v2/namespaces/resume/widgets",
          "{\"metadata\":{\"name\":\"sticky\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}").statusCode()).isEqualTo(201);
      assertThat(first.send("DELETE", "/api/v1/namespaces/resume", null).statusCode()).isEqualTo(200);
      Eventually.await("the Foo goes while the sticky widget stays", WAIT,
          () -> first.send("GET", "/apis/hello.zeng.dev/v2/namespaces/resume/foos/f", null).statusCode() == 404);
      assertThat(first.send("GET", STICKY, null).statusCode()).isEqualTo(200);
    }
    try (TestServer second = AdmissionFixtures.server(new JpaStorageBackend(DatabaseSettings.h2File(dataDir)),
        new StickyModule(new AtomicBoolean(false)))) {
      assertThat(json(second.send("GET", "/api/v1/namespaces/resume", null)).at("/status/phase").asText())
          .isIn("Terminating", "");
      Eventually.await("the namespace is removed after the restart", WAIT,
          () -> second.send("GET", "/api/v1/namespaces/resume", null).statusCode() == 404);
      assertThat(second.send("GET", STICKY, null).statusCode()).isEqualTo(404);
      assertThat(json(second.send("GET", "/api/v1/namespaces/default", null)).at("/status/phase").asText()).isEqualTo("Active");
    }
  }
}
