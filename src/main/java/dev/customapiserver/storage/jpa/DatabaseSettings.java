package dev.customapiserver.storage.jpa;

import java.nio.file.Path;

/**
 * How to reach the database. {@code jdbcUrl} selects the vendor: {@code jdbc:h2:},
 * {@code jdbc:postgresql:}, {@code jdbc:mariadb:} (or {@code jdbc:mysql:} served by MariaDB's
 * driver). User and password may be empty for H2.
 */
public record DatabaseSettings(String jdbcUrl, String username, String password) {

  /**
   * H2 settings every H2 URL gets (appended when absent, see {@link Vendor#prepareUrl}).
   * {@code WRITE_DELAY=0}: H2 otherwise writes committed changes to the file up to 500 ms later, so
   * an acknowledged write could be lost when the process is killed; with 0 each commit is written to
   * the file before the JDBC commit returns. {@code LOCK_TIMEOUT}: writers queue on the revision
   * row lock, which H2 gives up on after 1 s by default.
   */
  static final String H2_OPTIONS = ";WRITE_DELAY=0;LOCK_TIMEOUT=30000";

  /** The embedded default: an H2 file database {@code db/apiserver.mv.db} under {@code dataDir}. */
  public static DatabaseSettings h2File(Path dataDir) {
    return new DatabaseSettings(
        "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("db/apiserver") + H2_OPTIONS, "sa", "");
  }

  /** Never prints the password. */
  @Override
  public String toString() {
    return "DatabaseSettings[" + jdbcUrl + ", user " + username + "]";
  }
}
