package dev.customapiserver.storage.jpa;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The change-log rows this process committed and the tailer has not delivered yet, in revision
 * order, with the bytes the writes already had: the tailer takes the gap-free run after its
 * position from here instead of reading those rows back from the database. Rows are added by the
 * committing thread while it still holds the write lock ({@link Database}), so they arrive in
 * commit order. A row another process committed (PostgreSQL or MariaDB shared by several servers)
 * is missing here; the tailer then finds the run broken and reads the database, as it always did.
 * When the tailer falls more than {@link #LIMIT} rows behind, the rows are dropped and it reads the
 * database too: nothing is lost, only the shortcut.
 */
final class CommittedChanges {
  static final int LIMIT = 10_000;

  private final ArrayDeque<ChangeRow> rows = new ArrayDeque<>();
  private final WakeUp wake;
  /** The database's revision when the backend opened. */
  private volatile long start;
  /** Per resource, the newest revision this process committed to it. */
  private final Map<Location.Of, Long> newest = new ConcurrentHashMap<>();

  CommittedChanges(WakeUp wake) {
    this.wake = wake;
  }

  /** The database's revision when the backend opened, before any write of this process. */
  void startAt(long rev) {
    start = rev;
  }

  /** The newest revision this process committed to {@code resource}, or the database's at start. */
  long revision(Location.Of resource) {
    return newest.getOrDefault(resource, start);
  }

  /** Rows of one commit, in revision order; then wakes the tailer. */
  void committed(List<ChangeRow> changes) {
    if (!changes.isEmpty()) {
      for (ChangeRow row : changes) { // one committer at a time (the write lock), in revision order
        newest.put(new Location.Of(row.group(), row.resource()), row.resourceVersion());
      }
      synchronized (this) {
        if (rows.size() + changes.size() > LIMIT) {
          rows.clear();
        }
        rows.addAll(changes);
      }
    }
    wake.signal(); // after adding: a tailer that already looked is woken for another pass
  }

  /**
   * Up to {@code max} rows forming the gap-free run {@code after + 1, after + 2, ...}; drops the
   * rows at or below {@code after}. Empty when the row {@code after + 1} is not here.
   */
  synchronized List<ChangeRow> after(long after, int max) {
    return run(after, max);
  }

  /**
   * Whether rows wait here that do not follow {@code after} (someone else's write came between, or
   * rows were dropped): then the tailer must read the database.
   */
  synchronized boolean gapAfter(long after) {
    return !rows.isEmpty() && rows.peekFirst().resourceVersion() > after + 1;
  }

  private List<ChangeRow> run(long after, int max) {
    while (!rows.isEmpty() && rows.peekFirst().resourceVersion() <= after) {
      rows.removeFirst();
    }
    List<ChangeRow> run = new ArrayList<>();
    long next = after + 1;
    for (ChangeRow row : rows) {
      if (row.resourceVersion() != next || run.size() == max) {
        break;
      }
      run.add(row);
      next++;
    }
    return run;
  }
}
