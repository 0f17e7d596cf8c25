package dev.customapiserver.storage.jpa;

import java.util.Locale;

/** The database products we run on, recognised by JDBC URL; each has its own migration folder. */
enum Vendor {
  H2("jdbc:h2:", "org.h2.Driver", "h2"),
  POSTGRESQL("jdbc:postgresql:", "org.postgresql.Driver", "postgresql"),
  MARIADB("jdbc:mariadb:", "org.mariadb.jdbc.Driver", "mariadb"),
  MYSQL_URL("jdbc:mysql:", "org.mariadb.jdbc.Driver", "mariadb");

  private final String urlPrefix;
  private final String driver;
  private final String migrationFolder;

  Vendor(String urlPrefix, String driver, String migrationFolder) {
    this.urlPrefix = urlPrefix;
    this.driver = driver;
    this.migrationFolder = migrationFolder;
  }

  static Vendor of(String jdbcUrl) {
    String url = jdbcUrl == null ? "" : jdbcUrl.toLowerCase(Locale.ROOT);
    for (Vendor v : values()) {
      if (url.startsWith(v.urlPrefix)) {
        return v;
      }
    }
    throw new IllegalArgumentException("unsupported JDBC URL (want jdbc:h2:, jdbc:postgresql: or jdbc:mariadb:): "
        + jdbcUrl);
  }

  String driver() {
    return driver;
  }

  /** Flyway location of this vendor's migrations (the pom copies {@code db/} to the classpath root). */
  String migrations() {
    return "classpath:db/migration/" + migrationFolder;
  }

  /** The query listing the successfully applied versions of Flyway's history table {@code table}. */
  String appliedMigrations(String table) {
    return this == H2 ? "SELECT \"version\" FROM \"" + table + "\" WHERE \"success\" = TRUE"
        : "SELECT version FROM " + table + " WHERE success = TRUE";
  }

  /** The URL to connect with: H2 URLs get the durability and lock settings they lack. */
  String prepareUrl(String jdbcUrl) {
    if (this != H2) {
      return jdbcUrl;
    }
    StringBuilder url = new StringBuilder(jdbcUrl);
    String upper = jdbcUrl.toUpperCase(Locale.ROOT);
    for (String option : DatabaseSettings.H2_OPTIONS.substring(1).split(";")) {
      String name = option.substring(0, option.indexOf('=') + 1);
      if (!upper.contains(";" + name)) {
        url.append(';').append(option);
      }
    }
    return url.toString();
  }

  /**
   * One statement that increments the revision counter row and returns the new value, so no later
   * read can see anything but this transaction's own increment. MariaDB has no UPDATE ... RETURNING:
   * LAST_INSERT_ID(expr) stores the value for this connection, read back by {@link #drawnRevision}.
   */
  String drawRevision() {
    return switch (this) {
      case H2 -> "SELECT revision FROM FINAL TABLE (UPDATE storage_revision SET revision = revision + 1 WHERE id = 1)";
      case POSTGRESQL -> "UPDATE storage_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision";
      case MARIADB, MYSQL_URL -> "UPDATE storage_revision SET revision = LAST_INSERT_ID(revision + 1) WHERE id = 1";
    };
  }

  /** For vendors whose {@link #drawRevision} returns no row: the query that reads the drawn value. */
  String drawnRevision() {
    return this == MARIADB || this == MYSQL_URL ? "SELECT LAST_INSERT_ID()" : null;
  }

  /**
   * The SQL condition "(namespace, name) after the cursor", with three parameters (namespace,
   * namespace, name) bound in that order. Row-value comparison lets PostgreSQL and H2 seek in the
   * primary key; MariaDB gets the expanded form led by a range on namespace.
   */
  String afterCursor() {
    return switch (this) {
      case H2, POSTGRESQL -> "(namespace >= ? AND (namespace, name) > (?, ?))";
      case MARIADB, MYSQL_URL -> "(namespace >= ? AND (namespace > ? OR name > ?))";
    };
  }
}
