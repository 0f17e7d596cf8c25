package dev.customapiserver.testing;

import java.sql.SQLException;

/** A database server started by the tests (PostgreSQL, MariaDB) that hands out fresh, empty databases. */
public interface ThrowawayDatabase extends AutoCloseable {

  /** The JDBC URL of a new, empty database. */
  String createDatabase() throws SQLException;

  /** The user the JDBC URLs connect as (no password). */
  String username();
}
