package dev.customapiserver.endpoints.watch;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every watch stream of one API shares: the bounded writer pool that drains stream buffers to
 * clients (a thread is borrowed only while a stream has events to write, never held by an idle watcher), one
 * timer thread for timeouts, the settings, and the set of open streams so shutdown can end them.
 */
public final class Watches implements AutoCloseable {
  /** Writer threads for all streams: bounded, borrowed per chunk, never held by an idle watch. */
  static final int WRITERS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

  private final ExecutorService writers = Executors.newFixedThreadPool(WRITERS, daemons("watch-writer-"));
  private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(daemons("watch-timer-"));
  private final Set<WatchStream<?>> open = ConcurrentHashMap.newKeySet();
  private final Object idle = new Object();
  private volatile boolean ending;
  private final Duration minRequestTimeout;
  private final int bufferSize;
  private final WatchEventObserver observer;
  private final WatchFrames frames = new WatchFrames(4096);

  public Watches(Duration minRequestTimeout, int bufferSize, WatchEventObserver observer) {
    this.minRequestTimeout = minRequestTimeout;
    this.bufferSize = bufferSize;
    this.observer = observer;
  }

  /** An encoded event of a watch framed by {@code framing} is about to be sent. */
  void sent(WatchFraming<?> framing, int bytes) {
    framing.observe(observer, bytes);
  }

  /** The framed events shared by every stream. */
  WatchFrames frames() {
    return frames;
  }

  /** Events a stream holds for a slow client before it gives up on it. */
  int bufferSize() {
    return bufferSize;
  }

  /**
   * The requested timeout, or as kube-apiserver a random one between min-request-timeout and twice
   * that when none (0) is asked; a negative request ends the watch at once, as kube's timer does.
   */
  public long timeoutMillis(long requestedSeconds) {
    if (requestedSeconds < 0) {
      return 0;
    }
    if (requestedSeconds > 0) {
      return TimeUnit.SECONDS.toMillis(requestedSeconds);
    }
    long min = minRequestTimeout.toMillis();
    return min + ThreadLocalRandom.current().nextLong(min + 1);
  }

  void execute(Runnable task) {
    writers.execute(task);
  }

  ScheduledFuture<?> schedule(Runnable task, long millis) {
    return timers.schedule(task, millis, TimeUnit.MILLISECONDS);
  }

  void opened(WatchStream<?> s) {
    open.add(s);
    if (ending) { // opened while the server shuts down: ends at once, as those before it
      writers.execute(() -> s.end(null));
    }
  }

  void closed(WatchStream<?> s) {
    open.remove(s);
    synchronized (idle) {
      idle.notifyAll();
    }
  }

  /**
   * Server shutdown: ends every open stream cleanly (what is buffered, then the end of the
   * response, as a timeout would; streams opened from now on end at once) and waits up to {@code
   * grace} for them to be written out. Returns whether all ended in time. The threads keep running.
   */
  public boolean endAll(Duration grace) throws InterruptedException {
    ending = true;
    for (WatchStream<?> s : open) {
      s.end(null);
    }
    long deadline = System.nanoTime() + grace.toNanos();
    synchronized (idle) {
      while (!open.isEmpty()) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        idle.wait(left);
      }
    }
    return true;
  }

  /** Ends every open stream (cleanly, as a timeout would) and stops the threads. */
  @Override
  public void close() {
    for (WatchStream<?> s : open) {
      s.end(null);
    }
    timers.shutdownNow();
    writers.shutdown();
    try {
      writers.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writers.shutdownNow();
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
