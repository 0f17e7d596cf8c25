package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one thread per backend that reads the change log past the newest revision it delivered, in
 * revision order and in batches, and hands each row to every watch: the rows this process committed
 * from {@link CommittedChanges}, the others from the database. It sleeps until woken by
 * {@link WakeUp} (local commit, PostgreSQL notification, new watch) or the poll interval passes.
 * It never skips a revision: it delivers only the gap-free run of rows after {@code last} and
 * waits for a missing one to become visible (see package-info). Between passes it starts new
 * watches ({@link WatchStart}), sends due bookmarks and runs due compactions.
 */
final class ChangeTailer implements Runnable {
  private static final Logger LOG = Logger.getLogger(ChangeTailer.class.getName());
  private static final int BATCH = 500;

  private final Database db;
  private final Revisions revisions;
  private final JpaStorageBackend.Options options;
  private final WakeUp wake;
  private final WatchStart starter;
  private final Compactor compactor;
  private final CommittedChanges committed;
  private final Queue<Pending> joining = new ConcurrentLinkedQueue<>();
  private final List<Pending> waiting = new ArrayList<>();
  private final List<Watcher<?>> watchers = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stopped;
  private volatile long last;
  private long nextBookmark;
  /** When the database was last read (nanoTime); it is read at least every poll interval. */
  private long lastRead;
  /** The last database read found more rows than it delivered (a full batch or a gap). */
  private boolean readAgain = true;
  private long nextCompaction;

  ChangeTailer(Database db, Revisions revisions, Vendor vendor, JpaStorageBackend.Options options, WakeUp wake,
      Compactor compactor, CommittedChanges committed, long start) {
    this.db = db;
    this.revisions = revisions;
    this.options = options;
    this.wake = wake;
    this.starter = new WatchStart(db, revisions, vendor);
    this.compactor = compactor;
    this.committed = committed;
    this.last = start;
    this.thread = new Thread(this, "change-log-tailer");
    thread.setDaemon(true);
  }

  void start() {
    long now = System.nanoTime();
    nextBookmark = now + options.bookmarkInterval().toNanos();
    nextCompaction = now + options.compactionInterval().toNanos();
    thread.start();
  }

  /** The newest revision delivered to every watch. */
  long last() {
    return last;
  }

  /** Hands a new watch to the tailer thread, which starts it at {@code from} (null: now). */
  void join(Watcher<?> w, Long from) {
    joining.add(new Pending(w, from));
    wake.signal();
    if (stopped) {
      w.end(new StorageException(Reason.UNAVAILABLE, null, "storage is closed"));
    }
  }

  @Override
  public void run() {
    long gapWait = 1;
    while (!stopped) {
      try {
        startWatches();
        Pass pass = tail();
        periodic();
        if (pass == Pass.FULL) {
          gapWait = 1;
          continue;
        }
        long wait = pass == Pass.GAP ? gapWait : options.pollInterval().toMillis();
        gapWait = pass == Pass.GAP ? Math.min(gapWait * 2, options.pollInterval().toMillis()) : 1;
        wake.await(Math.max(1, wait));
      } catch (InterruptedException e) {
        break;
      } catch (RuntimeException e) {
        if (!stopped) {
          LOG.log(Level.WARNING, "change-log tailer pass failed; retrying", e);
          try {
            wake.await(options.pollInterval().toMillis());
          } catch (InterruptedException ie) {
            break;
          }
        }
      }
    }
    endAll(new StorageException(Reason.UNAVAILABLE, null, "storage is closed"));
  }

  private enum Pass { FULL, DONE, GAP }

  private Pass tail() {
    List<ChangeRow> local = committed.after(last, BATCH);
    if (!local.isEmpty()) {
      // committed by this process right after `last`: delivered from the bytes the writes had, without
      // reading them back; no other process wrote in between (revisions are gap-free), so no compaction
      // check either
      deliver(local);
      return Pass.DONE; // rows committed meanwhile signalled the wake-up after adding themselves
    }
    long now = System.nanoTime();
    if (!(readAgain || wake.takeDatabase() || committed.gapAfter(last)
        || now - lastRead >= options.pollInterval().toNanos())) {
      return Pass.DONE; // a wake-up for rows already delivered, a watch starting or ending
    }
    lastRead = now;
    readAgain = true;
    long from = last;
    List<ChangeRow> rows = db.read(null, em -> ChangeQuery.fetch(em, null, from, Long.MAX_VALUE, BATCH));
    long compacted = db.read(null, revisions::snapshot).compacted();
    if (compacted > from) {
      LOG.warning("change log compacted to " + compacted + " past the tailer at " + from + ": ending all watches");
      endAll(new StorageException(Reason.EXPIRED, null, "history after " + from + " has been compacted"));
      last = db.read(null, revisions::current);
      return Pass.DONE;
    }
    for (ChangeRow row : rows) {
      if (row.resourceVersion() != last + 1) {
        return Pass.GAP; // committed but not yet visible to us: never skip it
      }
      deliver(List.of(row));
    }
    readAgain = rows.size() == BATCH;
    return readAgain ? Pass.FULL : Pass.DONE;
  }

  /** Hands a gap-free run of rows, starting at {@code last + 1}, to every watch. */
  private void deliver(List<ChangeRow> rows) {
    watchers.removeIf(Watcher::isClosed);
    for (ChangeRow row : rows) {
      for (Watcher<?> w : watchers) {
        w.offer(row);
      }
      last = row.resourceVersion();
    }
  }

  private void startWatches() {
    for (Pending p; (p = joining.poll()) != null; ) {
      waiting.add(p);
    }
    for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
      Pending p = it.next();
      try {
        if (p.watcher.isClosed() || starter.start(p.watcher, p.from, last)) {
          it.remove();
          if (!p.watcher.isClosed()) {
            watchers.add(p.watcher);
          }
        }
      } catch (StorageException e) {
        it.remove();
        p.watcher.end(e);
      }
    }
  }

  private void periodic() {
    long now = System.nanoTime();
    if (now - nextBookmark >= 0) {
      nextBookmark = now + options.bookmarkInterval().toNanos();
      watchers.removeIf(Watcher::isClosed);
      for (Watcher<?> w : watchers) {
        if (w.request.bookmarks()) {
          w.bookmark(last);
        }
      }
    }
    if (now - nextCompaction >= 0) {
      nextCompaction = now + options.compactionInterval().toNanos();
      compactor.compact(last);
    }
  }

  private void endAll(StorageException reason) {
    for (Pending p; (p = joining.poll()) != null; ) {
      waiting.add(p);
    }
    waiting.forEach(p -> p.watcher.end(reason));
    waiting.clear();
    watchers.forEach(w -> w.end(reason));
    watchers.clear();
  }

  /** Stops the thread; every watch ends with UNAVAILABLE. */
  void stop() {
    stopped = true;
    wake.signal(); // no interrupt: an interrupt during file I/O closes an H2 database
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private record Pending(Watcher<?> watcher, Long from) {}
}
