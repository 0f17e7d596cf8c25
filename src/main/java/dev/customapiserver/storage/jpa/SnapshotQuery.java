package dev.customapiserver.storage.jpa;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.jpa.ObjectLister.Cursor;
import dev.customapiserver.storage.jpa.ObjectLister.Row;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The state of one resource at revision R, in key order after a cursor, in two parts merged:
 * <ul>
 *   <li>the current rows of {@code stored_objects} whose resource_version is &lt;= R: objects not
 *       written since R, whose current state is their state at R (an index seek in the primary key,
 *       as the current-state list, so page N costs what page 1 costs);
 *   <li>the keys written after R (found in {@code change_log_by_resource}, as many as writes since
 *       R), each read at R from the change log: its newest row with rv &lt;= R unless that is a
 *       DELETED (a seek in {@code change_log_by_key}). Objects created after R have none; objects
 *       deleted after R have their state at R.
 * </ul>
 * Correct for every R at or above the compaction revision, which keeps the newest row at or below
 * it of every key that still existed then. Key order is byte order (ASCII names; the schema's
 * collation), the same as {@link String#compareTo}.
 */
final class SnapshotQuery {
  private static final Comparator<Cursor> KEY_ORDER =
      Comparator.comparing(Cursor::namespace).thenComparing(Cursor::name);

  private SnapshotQuery() {}

  static List<Row> fetch(EntityManager em, Vendor vendor, GroupResource resource, String namespace,
      Cursor after, long at, int batch) {
    Location.Of of = Location.Of.of(resource);
    List<Row> unchanged = unchanged(em, vendor, of, namespace, after, at, batch);
    Cursor last = unchanged.size() < batch ? null
        : new Cursor(unchanged.get(batch - 1).namespace(), unchanged.get(batch - 1).name());
    TreeMap<Cursor, Row> merged = new TreeMap<>(KEY_ORDER);
    unchanged.forEach(r -> merged.put(new Cursor(r.namespace(), r.name()), r));
    for (Cursor key : changedSince(em, of, namespace, at)) {
      boolean inRange = (after == null || KEY_ORDER.compare(key, after) > 0) && (last == null || KEY_ORDER.compare(key, last) < 0);
      if (inRange && !merged.containsKey(key)) { // present when written between the two reads: the same state at R
        Row row = stateAt(em, of, key, at);
        if (row != null) {
          merged.put(key, row);
        }
      }
    }
    List<Row> rows = new ArrayList<>(merged.values());
    return rows.size() > batch ? rows.subList(0, batch) : rows;
  }

  /** Current rows after {@code after} not written since {@code at}. */
  private static List<Row> unchanged(EntityManager em, Vendor vendor, Location.Of of, String namespace, Cursor after,
      long at, int batch) {
    StringBuilder sql = new StringBuilder("SELECT namespace, name, data FROM stored_objects "
        + "WHERE api_group = ? AND resource = ?");
    List<Object> params = new ArrayList<>(List.of(of.group(), of.resource()));
    if (namespace != null) {
      sql.append(" AND namespace = ?");
      params.add(namespace);
    }
    RowQuery.appendAfter(sql, params, vendor, namespace, after);
    sql.append(" AND resource_version <= ?").append(RowQuery.ORDER_BY_KEY).append(batch);
    params.add(at);
    List<Row> rows = new ArrayList<>();
    for (Object r : query(em, sql.toString(), params).getResultList()) {
      Object[] cols = (Object[]) r;
      rows.add(new Row((String) cols[0], (String) cols[1], RowQuery.bytes(cols[2])));
    }
    return rows;
  }

  /** The keys written after {@code at}, in key order. */
  private static TreeSet<Cursor> changedSince(EntityManager em, Location.Of of, String namespace, long at) {
    StringBuilder sql = new StringBuilder("SELECT namespace, name FROM change_log "
        + "WHERE api_group = ? AND resource = ? AND resource_version > ?");
    List<Object> params = new ArrayList<>(List.of(of.group(), of.resource(), at));
    if (namespace != null) {
      sql.append(" AND namespace = ?");
      params.add(namespace);
    }
    TreeSet<Cursor> keys = new TreeSet<>(KEY_ORDER);
    for (Object r : query(em, sql.toString(), params).getResultList()) {
      Object[] cols = (Object[]) r;
      keys.add(new Cursor((String) cols[0], (String) cols[1]));
    }
    return keys;
  }

  /** The row of {@code key} at {@code at}, or {@code null} when it did not exist then. */
  private static Row stateAt(EntityManager em, Location.Of of, Cursor key, long at) {
    List<?> found = query(em, "SELECT event_type, data FROM change_log WHERE api_group = ? AND resource = ? "
        + "AND namespace = ? AND name = ? AND resource_version <= ? ORDER BY resource_version DESC LIMIT 1",
        List.of(of.group(), of.resource(), key.namespace(), key.name(), at)).getResultList();
    if (found.isEmpty()) {
      return null;
    }
    Object[] cols = (Object[]) found.get(0);
    return "DELETED".equals(cols[0]) ? null : new Row(key.namespace(), key.name(), RowQuery.bytes(cols[1]));
  }

  private static Query query(EntityManager em, String sql, List<Object> params) {
    Query q = em.createNativeQuery(sql);
    for (int i = 0; i < params.size(); i++) {
      q.setParameter(i + 1, params.get(i));
    }
    return q;
  }
}
