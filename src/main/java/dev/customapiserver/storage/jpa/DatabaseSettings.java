package dev.customapiserver.storage.jpa;

/**
 * How to reach the database. {@code jdbcUrl} selects the vendor (H2, PostgreSQL, MariaDB);
 * user and password may be empty for H2.
 */
public record DatabaseSettings(String jdbcUrl, String username, String password) {
  /** The embedded default: an H2 file database under {@code dataDir}. */
  public static DatabaseSettings h2File(java.nio.file.Path dataDir) {
    return new DatabaseSettings("jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("db/apiserver"), "sa", "");
  }
}
