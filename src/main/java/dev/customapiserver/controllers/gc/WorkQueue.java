package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.errors.ApiException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The collector's one thread: it runs posted tasks (graph changes) first, then one queued item of
 * work at a time; an item queued twice is done once. Work that fails is retried with a growing delay
 * (100 ms doubling to 30 s); a 404 ends it.
 */
final class WorkQueue implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(WorkQueue.class.getName());

  /** What to do about one object. */
  enum Kind { ATTEMPT_TO_DELETE, ATTEMPT_TO_ORPHAN }

  /** One item of work. */
  record Work(Kind kind, String uid) {}

  private final LinkedBlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
  private final ArrayDeque<Work> pending = new ArrayDeque<>();
  private final Set<Work> queued = new HashSet<>();
  private final Map<Work, Integer> failures = new HashMap<>();
  private final ScheduledExecutorService timer;
  private final Thread thread;
  private final Consumer<Work> handler;
  private volatile boolean closed;

  WorkQueue(String name, Consumer<Work> handler) {
    this.handler = handler;
    this.thread = new Thread(this::run, name);
    this.thread.setDaemon(true);
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, name + "-retries");
      t.setDaemon(true);
      return t;
    });
  }

  void start() {
    thread.start();
  }

  /** Runs {@code task} on the queue's thread, before any further work. From any thread. */
  void post(Runnable task) {
    if (!closed) {
      inbox.add(task);
    }
  }

  /** Posts {@code task} after {@code millis}. From any thread. */
  void later(Runnable task, long millis) {
    if (!closed) {
      timer.schedule(() -> post(task), millis, TimeUnit.MILLISECONDS);
    }
  }

  /** Queues work unless it is queued already. On the queue's thread only. */
  void add(Kind kind, String uid) {
    Work w = new Work(kind, uid);
    if (queued.add(w)) {
      pending.add(w);
    }
  }

  /** How many items wait. On the queue's thread only. */
  int pendingCount() {
    return pending.size();
  }

  private void run() {
    while (!closed) {
      try {
        Runnable task = pending.isEmpty() ? inbox.take() : inbox.poll();
        if (task != null) {
          task.run();
          continue;
        }
        Work w = pending.poll();
        queued.remove(w);
        process(w);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "garbage collector task failed", e);
      }
    }
  }

  private void process(Work w) {
    try {
      handler.accept(w);
      failures.remove(w);
    } catch (ApiException e) {
      if (e.code() == 404) {
        failures.remove(w);
        return;
      }
      retry(w, e.getMessage());
    } catch (RuntimeException e) {
      if (!closed) {
        retry(w, String.valueOf(e));
      }
    }
  }

  private void retry(Work w, String why) {
    int n = failures.merge(w, 1, Integer::sum);
    long delay = Math.min(30_000L, 100L << Math.min(n - 1, 9));
    LOG.log(System.Logger.Level.DEBUG, "retrying {0} in {1} ms: {2}", w, delay, why);
    later(() -> add(w.kind(), w.uid()), delay);
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    timer.shutdownNow();
  }
}
