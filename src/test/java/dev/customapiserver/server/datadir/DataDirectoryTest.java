package dev.customapiserver.server.datadir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The data directory")
class DataDirectoryTest {
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  @TempDir Path dir;

  private DataDirectory at(Instant now) {
    return new DataDirectory(dir, Clock.fixed(now, ZoneOffset.UTC), new SecureRandom());
  }

  private static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  @DisplayName("creates an admin token once, readable by the owner only, and reuses it")
  void adminToken() throws IOException {
    String token = at(NOW).adminToken();
    assertThat(token).matches("[A-Za-z0-9_-]{43}");
    assertThat(mode(dir.resolve("admin.token"))).isEqualTo("rw-------");
    assertThat(at(NOW).adminToken()).isEqualTo(token);
  }

  @Test
  @DisplayName("refuses an emptied admin token file instead of accepting an empty token")
  void emptyToken() throws IOException {
    Files.writeString(dir.resolve("admin.token"), "\n");
    assertThatThrownBy(() -> at(NOW).adminToken()).hasMessageContaining("admin.token is empty");
  }

  @Test
  @DisplayName("writes a kubeconfig with the server URL, the CA and the token, mode 0600")
  void kubeconfig() throws IOException {
    DataDirectory data = at(NOW);
    ServingIdentity id = data.servingIdentity(List.of());
    Path file = data.writeKubeconfig("https://127.0.0.1:41234", id, "tok");

    assertThat(mode(file)).isEqualTo("rw-------");
    JsonNode k = new YAMLMapper().readTree(file.toFile());
    assertThat(k.path("kind").asText()).isEqualTo("Config");
    assertThat(k.path("current-context").asText()).isEqualTo("custom-apiserver");
    JsonNode cluster = k.path("clusters").get(0).path("cluster");
    assertThat(cluster.path("server").asText()).isEqualTo("https://127.0.0.1:41234");
    String caPem = new String(Base64.getDecoder().decode(cluster.path("certificate-authority-data").asText()), StandardCharsets.US_ASCII);
    assertThat(caPem).isEqualTo(Files.readString(data.caCertFile()));
    assertThat(k.path("users").get(0).path("user").path("token").asText()).isEqualTo("tok");
    JsonNode ctx = k.path("contexts").get(0);
    assertThat(ctx.path("context").path("cluster").asText()).isEqualTo("custom-apiserver");
    assertThat(ctx.path("context").path("user").asText()).isEqualTo(k.path("users").get(0).path("name").asText());
  }

  @Test
  @DisplayName("rewrites the kubeconfig on every start, e.g. with a new port")
  void kubeconfigRewritten() throws IOException {
    DataDirectory data = at(NOW);
    ServingIdentity id = data.servingIdentity(List.of());
    data.writeKubeconfig("https://127.0.0.1:1", id, "tok");
    data.writeKubeconfig("https://127.0.0.1:2", id, "tok");
    assertThat(Files.readString(data.kubeconfigFile())).contains("https://127.0.0.1:2").doesNotContain(":1\n");
  }
}
