package dev.customapiserver.storage.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the change log in resourceVersion order, each row joined with the row of its previous
 * version: of all resources (the tailer) or of one (a watch catching up from history).
 */
final class ChangeQuery {
  private ChangeQuery() {}

  /** Up to {@code batch} rows with {@code after < rv <= upTo}, of {@code resource} or all when null. */
  static List<ChangeRow> fetch(EntityManager em, Location.Of resource, long after, long upTo, int batch) {
    StringBuilder sql = new StringBuilder("SELECT c.resource_version, c.api_group, c.resource, c.namespace, c.name, "
        + "c.event_type, c.data, p.data FROM change_log c LEFT JOIN change_log p "
        + "ON p.resource_version = c.prev_resource_version WHERE c.resource_version > ? AND c.resource_version <= ?");
    if (resource != null) {
      sql.append(" AND c.api_group = ? AND c.resource = ?");
    }
    sql.append(" ORDER BY c.resource_version LIMIT ").append(batch);
    Query q = em.createNativeQuery(sql.toString()).setParameter(1, after).setParameter(2, upTo);
    if (resource != null) {
      q.setParameter(3, resource.group()).setParameter(4, resource.resource());
    }
    List<?> result = q.getResultList();
    List<ChangeRow> rows = new ArrayList<>(result.size());
    for (Object r : result) {
      Object[] c = (Object[]) r;
      rows.add(new ChangeRow(((Number) c[0]).longValue(), (String) c[1], (String) c[2], (String) c[3],
          (String) c[4], (String) c[5], RowQuery.bytes(c[6]), c[7] == null ? null : RowQuery.bytes(c[7])));
    }
    return rows;
  }
}
