package dev.customapiserver.endpoints.watch;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.registry.WatchSink;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;

/**
 * One watch response. The storage listener only appends to a bounded buffer (never blocks); a
 * thread of the bounded writer pool is borrowed to write what is buffered to the {@link WatchOutput}
 * as one flushed chunk, and given back after each chunk: events that queued while a chunk was
 * written go out together as the next chunk, a new task, so a stream that falls behind catches up
 * in few writes and takes turns with the others; a stream with nothing left goes idle without
 * another task. (Writing on the thread that delivers the event was tried: it saves the hand-over
 * but each event then goes out alone and a watcher with a backlog holds the delivery thread, so
 * with 1,000 watchers the p99 grew several times.) When the output cannot take a chunk now (a
 * non-blocking output whose client is slow) no thread waits: the output calls the stream back when
 * it can. Overflow (a client too slow to read) closes the storage watch and ends the stream
 * with an ERROR 410 so the client relists. A failed write (the client went away), the timeout, the
 * storage ending the watch and server shutdown all end it too.
 */
public final class WatchStream<H extends KubeObject> implements WatchSink<H> {
  /** The last item of a stream: an ERROR event with this status, or just the end when {@code null}. */
  private record End(Status status) {}

  private final WatchFraming<H> framing;
  private volatile WatchOutput out;
  private final Watches watches;
  private final int capacity;
  private final ArrayDeque<Object> buffer = new ArrayDeque<>();
  private final String what;
  /** A drain task runs, or waits for the output (then {@code awaitingOutput}); only one at a time. */
  private boolean draining = true;
  private boolean awaitingOutput = true;
  private boolean headersSent;
  private boolean endWritten;
  private boolean ended;
  private Watch watch;
  private ScheduledFuture<?> timer;

  /** A stream over {@code out}, started at once (Jersey's chunked output and a WebSocket queue early chunks). */
  public WatchStream(WatchFraming<H> framing, WatchOutput out, Watches watches, String what) {
    this(framing, watches, what);
    attach(out);
  }

  /** A stream that buffers until {@link #attach} gives it its output. */
  public WatchStream(WatchFraming<H> framing, Watches watches, String what) {
    this.framing = framing;
    this.watches = watches;
    this.capacity = watches.bufferSize();
    this.what = what;
  }

  /** Attaches the started storage watch and arms the timeout. */
  public void start(Watch storageWatch, long timeoutMillis) {
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

  /** Starts writing to {@code output}: the headers at once, then what is buffered. Call once. */
  public void attach(WatchOutput output) {
    out = output;
    output.start(this::resume);
  }

  @Override
  public void onEvent(WatchEvent<H> event) {
    Status tooSlow;
    synchronized (this) {
      if (ended) {
        return;
      }
      if (buffer.size() < capacity) {
        buffer.add(event);
        if (draining) {
          return; // the running drain takes it with the next chunk
        }
        draining = true;
        watches.execute(this::drain);
        return;
      }
      tooSlow = Errors.expired("the watcher of " + what + " was too slow and fell behind; the watch was closed and "
          + "must be restarted from a fresh list").status();
    }
    end(tooSlow); // outside the monitor: it closes the storage watch
  }

  @Override
  public void onEnd(ApiException error) {
    end(error == null ? null : error.status()); // null: the store ended it (its resource is no longer served)
  }

  /** Ends the stream after what is buffered (or at once, with an ERROR, for an overflow) and closes the storage watch. */
  public void end(Status error) {
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

  /** The output is ready again: continue the drain that waits for it (and only that one). */
  private void resume() {
    synchronized (this) {
      if (!awaitingOutput) {
        return;
      }
      awaitingOutput = false;
    }
    watches.execute(this::drain);
  }

  /**
   * Writes everything buffered as one chunk (events that queued while the last write was under way
   * go out together), then gives the thread back: the next batch, if any, is a new task on the
   * writer pool, so a busy stream takes turns with the others; with nothing left the stream is idle.
   */
  private void drain() {
    synchronized (this) {
      awaitingOutput = true;
    }
    if (!out.ready()) {
      return; // the output resumes this drain when the client has read
    }
    Object[] batch;
    synchronized (this) {
      if (!awaitingOutput) {
        return; // resumed meanwhile: that task continues
      }
      awaitingOutput = false;
      if (endWritten) {
        batch = null;
      } else {
        batch = buffer.toArray();
        buffer.clear();
        if (batch.length == 0 && headersSent) {
          draining = false;
          return;
        }
      }
    }
    if (batch == null) {
      finish();
      return;
    }
    try {
      out.write(chunk(batch));
    } catch (Exception e) {
      gone();
      return;
    }
    synchronized (this) {
      if (!endWritten && buffer.isEmpty()) {
        draining = false; // idle: the next event starts a drain
        return;
      }
    }
    watches.execute(this::drain); // the next batch, or the end once the last chunk is written
  }

  /** The bytes of {@code batch}: a single event's shared frame as it is, several copied together. */
  @SuppressWarnings("unchecked")
  private byte[] chunk(Object[] batch) throws IOException {
    headersSent = true;
    if (batch.length == 1 && batch[0] instanceof WatchEvent<?> only) {
      byte[] event = framing.event((WatchEvent<H>) only, watches.frames());
      watches.sent(framing, event.length);
      return event;
    }
    ByteArrayOutputStream chunk = new ByteArrayOutputStream();
    for (Object item : batch) {
      if (item instanceof End e) {
        endWritten = true;
        if (e.status() != null) {
          chunk.write(framing.error(e.status()));
        }
        break;
      }
      byte[] event = framing.event((WatchEvent<H>) item, watches.frames());
      watches.sent(framing, event.length);
      chunk.write(event);
    }
    return chunk.toByteArray();
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
    out.close();
  }
}
