package dev.customapiserver.storage.jpa;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The JDBC connection write transactions run on, with its prepared statements. Writes go to the
 * database as plain prepared statements, not through the persistence unit: the JPA unit of work
 * (change sets, identity maps, validation) cost as much as the database itself inside the
 * serialized write section. Only one write transaction runs at a time in this process (the write
 * lock of {@link Database}, which makes every call here), so one connection is enough: it is kept
 * open with its statements, or, from a container's DataSource, borrowed per transaction (its pool
 * is the container's business). After a failed transaction the connection is dropped and a new one
 * opened for the next, so a lost connection costs one failed write.
 */
final class WriteConnection implements AutoCloseable {
  private final ConnectionSource source;
  private final boolean keep;
  private Connection connection;
  private boolean closed;
  private final Map<String, PreparedStatement> statements = new HashMap<>();

  WriteConnection(ConnectionSource source) {
    this.source = source;
    this.keep = source.url() != null;
  }

  /** Begins a write transaction; refused once closed (a new connection would reopen the database). */
  WriteTx begin() throws SQLException {
    if (closed) {
      throw new SQLException("storage is closed", "08003");
    }
    if (connection == null) {
      Connection c = source.open();
      try {
        c.setAutoCommit(false);
      } catch (SQLException e) {
        c.close();
        throw e;
      }
      connection = c;
    }
    return new WriteTx(this);
  }

  PreparedStatement statement(String sql) throws SQLException {
    PreparedStatement ps = statements.get(sql);
    if (ps == null) {
      ps = connection.prepareStatement(sql);
      statements.put(sql, ps);
    }
    return ps;
  }

  void commit() throws SQLException {
    try {
      connection.commit();
    } catch (SQLException e) {
      drop();
      throw e;
    }
    release();
  }

  /** Rolls back; a connection that fails even that is dropped. */
  void rollback(boolean failed) {
    if (connection == null) {
      return; // dropped by a failed commit
    }
    try {
      for (PreparedStatement ps : statements.values()) {
        ps.clearBatch();
      }
      connection.rollback();
    } catch (SQLException | RuntimeException e) {
      failed = true;
    }
    if (failed) {
      drop();
    } else {
      release();
    }
  }

  private void release() {
    if (!keep) {
      drop();
    }
  }

  /** Closes the connection and its statements; the next transaction opens a new one. */
  private void drop() {
    statements.clear(); // closed with their connection
    Connection c = connection;
    connection = null;
    if (c != null) {
      try {
        c.close();
      } catch (SQLException | RuntimeException ignored) {
        // gone already; the database rolls back what was open
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    drop();
  }
}
