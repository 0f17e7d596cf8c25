package dev.customapiserver.storage.jpa;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.jpa.ObjectLister.Cursor;
import dev.customapiserver.storage.jpa.ObjectLister.Row;
import jakarta.persistence.Query;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;

/**
 * The state of one resource at revision R, read from the change log: for each key the newest row
 * with rv &lt;= R, unless it is a DELETED. Rows come in key order after a cursor, so pages seek
 * in the index {@code change_log_by_key} (api group, resource, namespace, name, rv) like the
 * current-state list does in the primary key. Correct for every R at or above the compaction
 * revision, which keeps the newest row at or below it of every key that still exists.
 */
final class SnapshotQuery {
  private SnapshotQuery() {}

  static List<Row> fetch(EntityManager em, Vendor vendor, GroupResource resource, String namespace,
      Cursor after, long at, int batch) {
    StringBuilder sql = new StringBuilder("SELECT c.namespace, c.name, c.data FROM change_log c "
        + "WHERE c.api_group = ? AND c.resource = ? AND c.resource_version <= ? AND c.event_type <> 'DELETED'");
    Location.Of of = Location.Of.of(resource);
    List<Object> params = new ArrayList<>(List.of(of.group(), of.resource(), at));
    if (namespace != null) {
      sql.append(" AND c.namespace = ?");
      params.add(namespace);
    }
    if (after != null) {
      sql.append(" AND ").append(vendor.afterCursor().replace("namespace", "c.namespace").replace("name", "c.name")
          .replace("c.c.", "c."));
      params.addAll(List.of(after.namespace(), after.namespace(), after.name()));
    }
    sql.append(" AND NOT EXISTS (SELECT 1 FROM change_log d WHERE d.api_group = c.api_group "
        + "AND d.resource = c.resource AND d.namespace = c.namespace AND d.name = c.name "
        + "AND d.resource_version > c.resource_version AND d.resource_version <= ?)");
    params.add(at);
    sql.append(" ORDER BY c.namespace, c.name LIMIT ").append(batch);
    Query q = em.createNativeQuery(sql.toString());
    for (int i = 0; i < params.size(); i++) {
      q.setParameter(i + 1, params.get(i));
    }
    List<Row> rows = new ArrayList<>();
    for (Object r : q.getResultList()) {
      Object[] cols = (Object[]) r;
      rows.add(new Row((String) cols[0], (String) cols[1], RowQuery.bytes(cols[2])));
    }
    return rows;
  }
}
