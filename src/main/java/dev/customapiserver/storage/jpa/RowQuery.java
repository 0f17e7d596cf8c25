package dev.customapiserver.storage.jpa;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.jpa.ObjectLister.Cursor;
import dev.customapiserver.storage.jpa.ObjectLister.Row;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Clob;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The list batch query, in SQL because JPQL has no row-value comparison: up to {@code batch} rows of
 * one resource (optionally one namespace) after a cursor, in key order.
 */
final class RowQuery {
  private RowQuery() {}

  static List<Row> fetch(EntityManager em, Vendor vendor, GroupResource resource, String namespace,
      Cursor after, int batch) {
    StringBuilder sql = new StringBuilder(
        "SELECT namespace, name, data FROM stored_objects WHERE api_group = ? AND resource = ?");
    List<Object> params = new ArrayList<>(List.of(resource.group() == null ? "" : resource.group(),
        resource.resource()));
    if (namespace != null) {
      sql.append(" AND namespace = ?");
      params.add(namespace);
    }
    if (after != null) {
      sql.append(" AND ").append(vendor.afterCursor());
      params.addAll(List.of(after.namespace(), after.namespace(), after.name()));
    }
    sql.append(" ORDER BY namespace, name LIMIT ").append(batch);
    Query q = em.createNativeQuery(sql.toString());
    for (int i = 0; i < params.size(); i++) {
      q.setParameter(i + 1, params.get(i));
    }
    List<?> result = q.getResultList();
    List<Row> rows = new ArrayList<>(result.size());
    for (Object r : result) {
      Object[] cols = (Object[]) r;
      rows.add(new Row((String) cols[0], (String) cols[1], bytes(cols[2])));
    }
    return rows;
  }

  static byte[] bytes(Object data) {
    if (data instanceof String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
    if (data instanceof Clob clob) {
      try (Reader in = clob.getCharacterStream()) {
        StringWriter out = new StringWriter();
        in.transferTo(out);
        return out.toString().getBytes(StandardCharsets.UTF_8);
      } catch (SQLException e) {
        throw new IllegalStateException("cannot read stored object", e);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (data instanceof byte[] b) {
      return b;
    }
    throw new IllegalStateException("unexpected column type for data: " + (data == null ? null : data.getClass()));
  }
}
