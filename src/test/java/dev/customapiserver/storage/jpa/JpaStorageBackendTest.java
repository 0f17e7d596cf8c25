package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.customapiserver.storage.StorageException;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JPA storage backend: opening, URLs, continue tokens")
class JpaStorageBackendTest {

  @Test
  @DisplayName("opening an unreachable database fails with UNAVAILABLE, not a persistence exception")
  void unreachable() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    DatabaseSettings nowhere = new DatabaseSettings("jdbc:postgresql://127.0.0.1:" + port + "/none", "u", "p");
    assertThatExceptionOfType(StorageException.class).isThrownBy(() -> new JpaStorageBackend(nowhere))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(StorageException.Reason.UNAVAILABLE));
  }

  @Test
  @DisplayName("a JDBC URL of an unsupported database is rejected")
  void unsupportedUrl() {
    assertThatIllegalArgumentException().isThrownBy(() -> new JpaStorageBackend(
        new DatabaseSettings("jdbc:oracle:thin:@x", "u", "p")));
  }

  @Test
  @DisplayName("every H2 URL gets WRITE_DELAY=0, a lock timeout, in-row LOBs and no close at JVM exit unless it sets them itself")
  void h2Url() {
    assertThat(Vendor.H2.prepareUrl("jdbc:h2:file:/d/x")).isEqualTo(
        "jdbc:h2:file:/d/x;WRITE_DELAY=0;LOCK_TIMEOUT=30000;MAX_LENGTH_INPLACE_LOB=16384;DB_CLOSE_ON_EXIT=FALSE");
    assertThat(Vendor.H2.prepareUrl("jdbc:h2:file:/d/x;write_delay=100")).isEqualTo(
        "jdbc:h2:file:/d/x;write_delay=100;LOCK_TIMEOUT=30000;MAX_LENGTH_INPLACE_LOB=16384;DB_CLOSE_ON_EXIT=FALSE");
    assertThat(DatabaseSettings.h2File(java.nio.file.Path.of("/data")).jdbcUrl())
        .isEqualTo("jdbc:h2:file:/data/db/apiserver;WRITE_DELAY=0;LOCK_TIMEOUT=30000;MAX_LENGTH_INPLACE_LOB=16384;DB_CLOSE_ON_EXIT=FALSE");
    assertThat(Vendor.of("jdbc:postgresql://h/db").prepareUrl("jdbc:postgresql://h/db")).isEqualTo("jdbc:postgresql://h/db");
    assertThat(Vendor.of("jdbc:mariadb://h/db")).isEqualTo(Vendor.MARIADB);
  }

  @Test
  @DisplayName("the settings' string form hides the password")
  void settingsToString() {
    assertThat(new DatabaseSettings("jdbc:postgresql://h/db", "u", "secret").toString()).doesNotContain("secret");
  }
}
