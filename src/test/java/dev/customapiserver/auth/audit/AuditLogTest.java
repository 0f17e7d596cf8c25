package dev.customapiserver.auth.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The audit log file: JSON lines, rotated at --audit-log-maxsize, --audit-log-maxbackup kept")
class AuditLogTest {
  @TempDir Path dir;

  @Test
  @DisplayName("past 1 MB the file is renamed audit-<time>.log and a new one begins; only maxbackup rotated files stay")
  void rotation() throws Exception {
    Path file = dir.resolve("audit.log");
    byte[] line = new byte[100 * 1024];
    Arrays.fill(line, (byte) 'x');
    try (AuditLog log = new AuditLog(file, 1, 2, 0, Clock.systemUTC())) {
      for (int i = 0; i < 40; i++) { // 4 MB: three or four rotations
        log.write(line);
      }
      assertThat(log.backups()).hasSize(2);
      for (Path p : log.backups()) {
        assertThat(p.getFileName().toString()).matches("audit-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}(-\\d+)?\\.log");
        assertThat(Files.size(p)).isLessThanOrEqualTo(1024 * 1024);
      }
    }
    assertThat(Files.size(file)).isLessThanOrEqualTo(1024 * 1024).isPositive();
  }

  @Test
  @DisplayName("without maxsize nothing rotates: every line, newline-terminated, in one file")
  void noRotation() throws Exception {
    Path file = dir.resolve("audit.log");
    try (AuditLog log = new AuditLog(file, 0, 0, 0, Clock.systemUTC())) {
      log.write("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
      log.write("{\"a\":2}".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(Files.readAllLines(file)).containsExactly("{\"a\":1}", "{\"a\":2}");
  }
}
