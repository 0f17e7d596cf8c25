package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;
import org.eclipse.persistence.config.PersistenceUnitProperties;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Where connections come from: a JDBC URL with user and password (the persistence unit pools
 * them itself), or a DataSource the container manages (its pool, credentials and driver).
 */
final class ConnectionSource {
  private final String url;
  private final DatabaseSettings settings;
  private final DataSource dataSource;
  private final String description;

  private ConnectionSource(String url, DatabaseSettings settings, DataSource dataSource, String description) {
    this.url = url;
    this.settings = settings;
    this.dataSource = dataSource;
    this.description = description;
  }

  static ConnectionSource of(String preparedUrl, DatabaseSettings settings) {
    return new ConnectionSource(preparedUrl, settings, null, settings.toString());
  }

  static ConnectionSource of(DataSource dataSource, String description) {
    return new ConnectionSource(null, null, dataSource, description);
  }

  /** The JDBC URL, or null for a DataSource (whose URL is the container's business). */
  String url() {
    return url;
  }

  DatabaseSettings settings() {
    return settings;
  }

  /** A new connection the caller closes. */
  Connection open() throws SQLException {
    return dataSource != null ? dataSource.getConnection()
        : DriverManager.getConnection(url, settings.username(), settings.password());
  }

  /** The persistence unit's connection properties. */
  Map<String, Object> persistenceProperties(Vendor vendor) {
    Map<String, Object> props = new HashMap<>();
    if (dataSource != null) {
      // resource-local transactions on the container's pool; the container's JTA is not used
      props.put(PersistenceUnitProperties.NON_JTA_DATASOURCE, dataSource);
    } else {
      props.put(PersistenceUnitProperties.JDBC_DRIVER, vendor.driver());
      props.put(PersistenceUnitProperties.JDBC_URL, url);
      props.put(PersistenceUnitProperties.JDBC_USER, settings.username() == null ? "" : settings.username());
      props.put(PersistenceUnitProperties.JDBC_PASSWORD, settings.password() == null ? "" : settings.password());
      // the unit's own pool keeps each connection's prepared statements: the same dozen statements
      // run on every write, so neither the driver nor the database parses them again (PostgreSQL's
      // driver also switches a statement it sees again to a server-side prepared one)
      props.put(PersistenceUnitProperties.CACHE_STATEMENTS, "true");
    }
    return props;
  }

  /** Flyway on these connections. */
  FluentConfiguration flyway(FluentConfiguration config) {
    return dataSource != null ? config.dataSource(dataSource)
        : config.dataSource(url, settings.username(), settings.password());
  }

  /**
   * The database product behind a DataSource, from its connection's metadata.
   *
   * @throws IllegalArgumentException for a product we have no migrations for
   * @throws SQLException when no connection can be had
   */
  static Vendor vendorOf(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      DatabaseMetaData meta = c.getMetaData();
      String product = meta.getDatabaseProductName().toLowerCase(Locale.ROOT);
      if (product.contains("h2")) {
        return Vendor.H2;
      }
      if (product.contains("postgres")) {
        return Vendor.POSTGRESQL;
      }
      if (product.contains("mariadb") || product.contains("mysql")) {
        return Vendor.MARIADB;
      }
      throw new IllegalArgumentException("unsupported database " + meta.getDatabaseProductName()
          + " (want H2, PostgreSQL or MariaDB)");
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
