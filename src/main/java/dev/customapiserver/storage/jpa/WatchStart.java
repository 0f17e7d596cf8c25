package dev.customapiserver.storage.jpa;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.jpa.ObjectLister.Cursor;
import dev.customapiserver.storage.jpa.ObjectLister.Row;
import java.util.List;

/**
 * Brings a new watch up to the tailer's position {@code last}, on the tailer thread (so no change
 * can slip in between): the initial ADDED events of the state at the start revision when asked
 * for, then the resource's history after the start revision up to {@code last}.
 */
final class WatchStart {
  private static final int BATCH = 500;

  private final Database db;
  private final Revisions revisions;
  private final Vendor vendor;

  WatchStart(Database db, Revisions revisions, Vendor vendor) {
    this.db = db;
    this.revisions = revisions;
    this.vendor = vendor;
  }

  /**
   * @param from the requested revision, {@code null} for "now"
   * @return false when the start must wait for the tailer to reach {@code from} (initial events in
   *     the future)
   */
  boolean start(Watcher<?> w, Long from, long last) {
    boolean initial = from == null || w.request.sendInitialEvents();
    long at = from == null ? last : from;
    if (initial && at > last) {
      return false;
    }
    if (initial) {
      sendState(w, at);
      if (w.request.sendInitialEvents()) {
        w.bookmark(at);
      }
    }
    w.startAt(at);
    replay(w, last);
    return true;
  }

  private void sendState(Watcher<?> w, long at) {
    GroupResource gr = new GroupResource(w.resource.group(), w.resource.resource());
    Cursor after = null;
    while (!w.isClosed()) {
      Cursor from = after;
      List<Row> rows = db.read(null, em -> SnapshotQuery.fetch(em, vendor, gr, w.request.namespace(), from, at, BATCH));
      checkNotCompacted(at);
      for (Row r : rows) {
        w.initial(r.data(), r.namespace(), r.name(), at);
        after = new Cursor(r.namespace(), r.name());
      }
      if (rows.size() < BATCH) {
        return;
      }
    }
  }

  private void replay(Watcher<?> w, long last) {
    while (!w.isClosed() && w.position() < last) {
      long pos = w.position();
      List<ChangeRow> rows = db.read(null, em -> ChangeQuery.fetch(em, w.resource, pos, last, BATCH));
      checkNotCompacted(pos);
      rows.forEach(w::offer);
      if (rows.size() < BATCH) {
        w.startAt(Math.max(w.position(), last));
      }
    }
  }

  /** After a read at or after {@code rv}: was history after {@code rv} compacted away meanwhile? */
  private void checkNotCompacted(long rv) {
    long compacted = db.read(null, revisions::snapshot).compacted();
    if (compacted > rv) {
      throw new StorageException(Reason.EXPIRED, null, "history after revision " + rv
          + " has been compacted (compacted revision " + compacted + ")");
    }
  }
}
