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
   * row lock, which H2 gives up on after 1 s by default. {@code MAX_LENGTH_INPLACE_LOB}: H2 keeps a
   * {@code CHARACTER LARGE OBJECT} of up to 256 characters in its row by default and every longer one
   * in a separate LOB map, a stream written (and read back) apart from the row; objects are JSON of
   * a few kilobytes, so each write paid for two LOB streams and each read for one. Up to 16 KiB they
   * now live in the row (an insert and a read cost a quarter to a third of what they did); longer
   * ones still go to the LOB map, so a big object does not bloat the B-tree page it sits in.
   * Durability is unchanged: it is WRITE_DELAY that decides when a commit is on disk.
   * {@code DB_CLOSE_ON_EXIT=FALSE}: H2 otherwise closes the database in its own JVM shutdown hook,
   * the moment SIGTERM arrives, and a write still in flight during the graceful shutdown failed with
   * 503 "Database is already closed"; the server closes the storage itself, after the last response.
   */
  static final String H2_OPTIONS = ";WRITE_DELAY=0;LOCK_TIMEOUT=30000;MAX_LENGTH_INPLACE_LOB=16384;DB_CLOSE_ON_EXIT=FALSE";

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
