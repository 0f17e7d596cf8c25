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
 * one resource (optionally one namespace) after a cursor, in key order, read in index order from
 * the cursor on (so page N costs what page 1 costs).
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
    appendAfter(sql, params, vendor, namespace, after);
    sql.append(ORDER_BY_KEY).append(batch);
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

  /**
   * Key order as the primary key's own order: with the constant api_group and resource named too,
   * H2 reads the index in order and stops at the limit instead of sorting the whole resource.
   */
  static final String ORDER_BY_KEY = " ORDER BY api_group, resource, namespace, name LIMIT ";

  /**
   * The condition "after the cursor". Within one namespace it is {@code name > ?}, an index seek
   * everywhere; across namespaces the vendor's row comparison (a seek in PostgreSQL; H2 seeks to the
   * cursor's namespace and scans on within it).
   */
  static void appendAfter(StringBuilder sql, List<Object> params, Vendor vendor, String namespace, Cursor after) {
    if (after == null) {
      return;
    }
    if (namespace != null && namespace.equals(after.namespace())) {
      sql.append(" AND name > ?");
      params.add(after.name());
    } else {
      sql.append(" AND ").append(vendor.afterCursor());
      params.addAll(List.of(after.namespace(), after.namespace(), after.name()));
    }
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
