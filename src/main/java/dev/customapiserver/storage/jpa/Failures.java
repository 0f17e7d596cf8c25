package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.sql.SQLException;

/** Translates JDBC/JPA failures into {@link StorageException}s at the storage boundary. */
final class Failures {
  private Failures() {}

  /**
   * A database failure as a storage error: a unique-key violation means the object exists already;
   * everything else (connection lost, lock timeout, ...) means the database is not available.
   */
  static StorageException translate(Exception e, ObjectKey key) {
    SQLException sql = sqlCause(e);
    if (sql != null && isIntegrityViolation(sql)) {
      return new StorageException(Reason.ALREADY_EXISTS, key, "object exists already: " + key, e);
    }
    String detail = sql != null ? sql.getSQLState() + " " + sql.getMessage() : e.toString();
    return new StorageException(Reason.UNAVAILABLE, key, "database failure: " + detail, e);
  }

  private static boolean isIntegrityViolation(SQLException sql) {
    String state = sql.getSQLState();
    // SQLSTATE class 23: integrity constraint violation (PostgreSQL, H2, MariaDB);
    // MariaDB/MySQL duplicate key is vendor code 1062.
    return (state != null && state.startsWith("23")) || sql.getErrorCode() == 1062;
  }

  private static SQLException sqlCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException s) {
        return s;
      }
    }
    return null;
  }
}
