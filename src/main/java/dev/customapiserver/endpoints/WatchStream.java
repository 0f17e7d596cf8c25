package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.registry.WatchSink;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;

/**
 * One watch response. The storage listener only appends to a bounded buffer (never blocks); a
 * writer thread is borrowed to drain the buffer into the chunked response, one event per flushed
 * chunk, and given back when the buffer is empty. Overflow (a client too slow to read) closes the
 * storage watch and ends the stream with an ERROR 410 so the client relists. A failed write (the
 * client went away), the timeout, the storage ending the watch and server shutdown all end it too.
 */
final class WatchStream<H extends KubeObject> implements WatchSink<H> {
  /** The last item of a stream: an ERROR event with this status, or just the end when {@code null}. */
  private record End(Status status) {}

  private final WatchFraming<H> framing;
  private final WatchOutput out;
  private final Watches watches;
  private final int capacity;
  private final ArrayDeque<Object> buffer = new ArrayDeque<>();
  private final String what;
  private boolean draining;
  private boolean ended;
  private Watch watch;
  private ScheduledFuture<?> timer;

  WatchStream(WatchFraming<H> framing, WatchOutput out, Watches watches, String what) {
    this.framing = framing;
    this.out = out;
    this.watches = watches;
    this.capacity = watches.bufferSize();
    this.what = what;
  }

  /** Attaches the started storage watch and arms the timeout. */
  void start(Watch storageWatch, long timeoutMillis) {
    boolean closeNow;
    synchronized (this) {
      watch = storageWatch;
      closeNow = ended;
      if (!ended) {
        watches.opened(this);
        timer = watches.schedule(() -> end(null), timeoutMillis);
      }
    }
    if (closeNow) {
      storageWatch.close();
    }
  }

  @Override
  public void onEvent(WatchEvent<H> event) {
    Status tooSlow = null;
    synchronized (this) {
      if (ended) {
        return;
      }
      if (buffer.size() >= capacity) {
        tooSlow = Errors.expired("the watcher of " + what + " was too slow and fell behind; the watch was closed and "
            + "must be restarted from a fresh list").status();
      } else {
        buffer.add(event);
        drainIfIdle();
        return;
      }
    }
    end(tooSlow);
  }

  @Override
  public void onEnd(ApiException error) {
    if (error != null) {
      end(error.status());
    }
  }

  /** Ends the stream after what is buffered (or at once, with an ERROR, for an overflow) and closes the storage watch. */
  void end(Status error) {
    Watch w;
    synchronized (this) {
      if (ended) {
        return;
      }
      ended = true;
      if (error != null && buffer.size() >= capacity) {
        buffer.clear();
      }
      buffer.add(new End(error));
      drainIfIdle();
      w = watch;
    }
    if (w != null) {
      w.close();
    }
  }

  private void drainIfIdle() {
    if (!draining) {
      draining = true;
      watches.execute(this::drain);
    }
  }

  @SuppressWarnings("unchecked")
  private void drain() {
    while (true) {
      Object item;
      synchronized (this) {
        item = buffer.poll();
        if (item == null) {
          draining = false;
          return;
        }
      }
      try {
        if (item instanceof End end) {
          if (end.status() != null) {
            out.write(framing.error(end.status()));
          }
          finish();
          return;
        }
        out.write(framing.event((WatchEvent<H>) item));
      } catch (Exception e) {
        gone();
        return;
      }
    }
  }

  /** The client is gone: stop everything, write nothing more. */
  private void gone() {
    Watch w;
    synchronized (this) {
      ended = true;
      buffer.clear();
      w = watch;
    }
    if (w != null) {
      w.close();
    }
    finish();
  }

  private void finish() {
    ScheduledFuture<?> t;
    synchronized (this) {
      t = timer;
    }
    if (t != null) {
      t.cancel(false);
    }
    watches.closed(this);
    try {
      out.close();
    } catch (Exception e) {
      // the client is gone already
    }
  }
}
