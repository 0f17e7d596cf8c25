package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.storage.jpa.DatabaseSettings;
import dev.customapiserver.storage.jpa.JpaStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Expected refusals are answered in kube's words and are not warnings in the log")
class ExpectedOutcomesTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  @TempDir
  Path dataDir;

  @Test
  @DisplayName("a 409 AlreadyExists over H2 logs nothing at WARNING or above; a missing name is \"\" in the Invalid message")
  void alreadyExistsIsQuiet() throws Exception {
    List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    Handler capture = new Handler() {
      @Override
      public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
          warnings.add(r);
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger root = Logger.getLogger("");
    try (TestServer server = new TestServer(List.of(Widgets.group()), new JpaStorageBackend(DatabaseSettings.h2File(dataDir)))) {
      assertThat(server.send("POST", WIDGETS, RestApiCrudTest.widget("twice", "red")).statusCode()).isEqualTo(201);
      root.addHandler(capture);
      try {
        HttpResponse<String> again = server.send("POST", WIDGETS, RestApiCrudTest.widget("twice", "red"));
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(RestApiCrudTest.json(again).at("/reason").asText()).isEqualTo("AlreadyExists");
      } finally {
        root.removeHandler(capture);
      }
      assertThat(warnings).as("log records at WARNING or above").extracting(r -> r.getLoggerName() + ": " + r.getMessage() + " " + r.getThrown()).isEmpty();

      HttpResponse<String> nameless = server.send("POST", WIDGETS,
          "{\"apiVersion\":\"test.example.com/v2\",\"kind\":\"Widget\",\"metadata\":{},\"spec\":{\"paint\":{\"color\":\"red\"}}}");
      assertThat(nameless.statusCode()).as(nameless.body()).isEqualTo(422);
      JsonNode s = RestApiCrudTest.json(nameless);
      assertThat(s.at("/message").asText()).startsWith("Widget.test.example.com \"\" is invalid: metadata.name: Required value");
    }
  }
}
