package dev.customapiserver.storage.jpa;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.kv.ContinueToken;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Lists one resource in key order (namespace, name) with keyset pagination: each batch is an index
 * seek past the last key seen, so page N costs what page 1 costs. The filter runs before the limit;
 * batches are read until the page is full or the rows run out. {@code remainingItemCount} is given
 * when the batch that filled the page reached the end of the rows (small collections), else null.
 *
 * <p>Consistency: an unpaged list without {@code Exact} reads the current rows of
 * {@code stored_objects} (the fast path) and reports the newest committed revision, read just before
 * its rows (so a watch from it may repeat, but never miss, a change). A paged list (limit &gt; 0),
 * every continue page and an {@code Exact} list are served from the change log as the state at one
 * revision ({@link SnapshotQuery}: the unchanged current rows plus the keys written since, so a
 * page's cost does not grow with its index): all pages are the same snapshot while writes go on, until
 * compaction passes that revision (then EXPIRED, carrying a fresh token for the same key at the current
 * revision: the caller may continue, inconsistently, as with kube-apiserver).
 */
final class ObjectLister<H extends KubeObject> {
  /** Rows per query: at least limit + 1 (to know whether more follow), at least MIN_BATCH, at most MAX_BATCH. */
  private static final int MIN_BATCH = 50;
  private static final int MAX_BATCH = 500;

  private final Database db;
  private final Revisions revisions;
  private final Vendor vendor;
  private final StorageCodec<H> codec;

  ObjectLister(Database db, Revisions revisions, Vendor vendor, StorageCodec<H> codec) {
    this.db = db;
    this.revisions = revisions;
    this.vendor = vendor;
    this.codec = codec;
  }

  ListPage<H> list(GroupResource resource, ListRequest<H> req) {
    String rv = req.resourceVersion() == null || req.resourceVersion().isEmpty() ? null : req.resourceVersion();
    ContinueToken token = req.continueToken() == null || req.continueToken().isEmpty() ? null
        : ContinueToken.decode(req.continueToken(), req.namespace(), rv);
    return db.read(null, em -> {
      Revisions.Snapshot now = revisions.snapshot(em);
      RequestedVersion.check(rv, req.match(), now);
      if (token != null && token.resourceVersion() > now.revision()) {
        throw invalid("continue token is from the future (another database?)");
      }
      if (token != null && token.resourceVersion() < now.compacted()) {
        throw token.expired(now.revision());
      }
      boolean exact = rv != null && req.match() == ResourceVersionMatch.EXACT;
      long pageRv = token != null ? token.resourceVersion() : exact ? Long.parseLong(rv) : now.revision();
      Cursor after = token == null ? null : new Cursor(token.namespace(), token.name());
      boolean snapshot = token != null || exact || req.limit() > 0;
      Fetch fetch = snapshot
          ? (from, batch) -> SnapshotQuery.fetch(em, vendor, resource, req.namespace(), from, pageRv, batch)
          : (from, batch) -> RowQuery.fetch(em, vendor, resource, req.namespace(), from, batch);
      return scan(fetch, req, after, pageRv);
    });
  }

  /** One batch of rows after a cursor: of the current state, or of the state at the page revision. */
  private interface Fetch {
    List<Row> rows(Cursor after, int batch);
  }

  private ListPage<H> scan(Fetch fetch, ListRequest<H> req, Cursor start, long pageRv) {
    long limit = req.limit() > 0 ? req.limit() : Long.MAX_VALUE;
    int batch = (int) Math.min(limit == Long.MAX_VALUE ? MAX_BATCH : Math.max(limit + 1, MIN_BATCH), MAX_BATCH);
    Predicate<H> filter = req.filter() == null ? h -> true : req.filter();
    List<H> items = new ArrayList<>();
    Cursor after = start;
    while (true) {
      List<Row> rows = fetch.rows(after, batch);
      boolean exhausted = rows.size() < batch;
      for (int i = 0; i < rows.size(); i++) {
        if (items.size() == limit) {
          Long remaining = exhausted ? count(rows.subList(i, rows.size()), filter) : null;
          String next = remaining != null && remaining == 0 ? null
              : new ContinueToken(pageRv, after.namespace(), after.name()).encode();
          return new ListPage<>(items, pageRv, next, next == null ? null : remaining);
        }
        Row row = rows.get(i);
        H obj = codec.decode(row.data(), row.namespace(), row.name());
        after = new Cursor(row.namespace(), row.name());
        if (filter.test(obj)) {
          items.add(obj);
        }
      }
      if (exhausted) {
        return new ListPage<>(items, pageRv, null, null);
      }
    }
  }

  private long count(List<Row> rows, Predicate<H> filter) {
    return rows.stream().filter(r -> filter.test(codec.decode(r.data(), r.namespace(), r.name()))).count();
  }

  private static StorageException invalid(String message) {
    return new StorageException(Reason.INVALID_ARGUMENT, null, message);
  }

  /** A key position: rows strictly after it are read next. */
  record Cursor(String namespace, String name) {}

  /** One row of a list batch. */
  record Row(String namespace, String name, byte[] data) {}
}
