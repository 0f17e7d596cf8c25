package dev.customapiserver.storage.jpa;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * One write transaction on the {@link WriteConnection}: the rows a write changes, as prepared
 * statements. Object rows are written at once (an update or delete needs its row count, the
 * compare-and-swap's answer); change-log rows are batched and sent together before the commit
 * ({@link #flush}), one round trip per group commit.
 */
final class WriteTx {
  private static final String EXISTS = "SELECT 1 FROM stored_objects "
      + "WHERE api_group = ? AND resource = ? AND namespace = ? AND name = ?";
  private static final String INSERT = "INSERT INTO stored_objects "
      + "(api_group, resource, namespace, name, uid, resource_version, data) VALUES (?, ?, ?, ?, ?, ?, ?)";
  private static final String SWAP = "UPDATE stored_objects SET data = ?, uid = ?, resource_version = ? "
      + "WHERE api_group = ? AND resource = ? AND namespace = ? AND name = ? AND resource_version = ?";
  private static final String REMOVE = "DELETE FROM stored_objects "
      + "WHERE api_group = ? AND resource = ? AND namespace = ? AND name = ? AND resource_version = ?";
  private static final String LOG = "INSERT INTO change_log (resource_version, api_group, resource, namespace, "
      + "name, event_type, prev_resource_version, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

  private final WriteConnection connection;
  private int logged;

  WriteTx(WriteConnection connection) {
    this.connection = connection;
  }

  /** A statement on this transaction's connection (prepared once per connection). */
  PreparedStatement statement(String sql) throws SQLException {
    return connection.statement(sql);
  }

  /** Runs a statement that returns one number. */
  long queryLong(String sql) throws SQLException {
    try (ResultSet rs = statement(sql).executeQuery()) {
      if (!rs.next()) {
        throw new SQLException("no row from " + sql);
      }
      return rs.getLong(1);
    }
  }

  boolean exists(Location at) throws SQLException {
    PreparedStatement ps = statement(EXISTS);
    key(ps, 1, at);
    try (ResultSet rs = ps.executeQuery()) {
      return rs.next();
    }
  }

  void insert(Location at, String uid, long rv, String data) throws SQLException {
    PreparedStatement ps = statement(INSERT);
    key(ps, 1, at);
    ps.setString(5, uid);
    ps.setLong(6, rv);
    ps.setString(7, data);
    ps.executeUpdate();
  }

  /** Replaces the row if it is still at {@code old}; false when another write changed or removed it. */
  boolean swap(Location at, long old, String uid, long rv, String data) throws SQLException {
    PreparedStatement ps = statement(SWAP);
    ps.setString(1, data);
    ps.setString(2, uid);
    ps.setLong(3, rv);
    key(ps, 4, at);
    ps.setLong(8, old);
    return ps.executeUpdate() > 0;
  }

  /** Removes the row if it is still at {@code old}; false when another write changed or removed it. */
  boolean remove(Location at, long old) throws SQLException {
    PreparedStatement ps = statement(REMOVE);
    key(ps, 1, at);
    ps.setLong(5, old);
    return ps.executeUpdate() > 0;
  }

  /** Queues the change-log row of a write; sent by {@link #flush}. */
  void log(long rv, Location at, ChangeRecord.Type type, Long previous, String data) throws SQLException {
    PreparedStatement ps = statement(LOG);
    ps.setLong(1, rv);
    key(ps, 2, at);
    ps.setString(6, type.name());
    if (previous == null) {
      ps.setNull(7, Types.BIGINT);
    } else {
      ps.setLong(7, previous);
    }
    ps.setString(8, data);
    ps.addBatch();
    logged++;
  }

  /** Sends the queued change-log rows. */
  void flush() throws SQLException {
    if (logged > 0) {
      logged = 0;
      statement(LOG).executeBatch();
    }
  }

  void commit() throws SQLException {
    flush();
    connection.commit();
  }

  /** Rolls back; {@code failed}: after a database failure (the connection is not trusted again). */
  void rollback(boolean failed) {
    logged = 0;
    connection.rollback(failed);
  }

  private static void key(PreparedStatement ps, int from, Location at) throws SQLException {
    ps.setString(from, at.group());
    ps.setString(from + 1, at.resource());
    ps.setString(from + 2, at.key().namespace());
    ps.setString(from + 3, at.key().name());
  }
}
