package dev.customapiserver.storage.kv;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchEvent.Type;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One watch of a key-value backend: turns {@link KeyChange}s into events with the cacher's rules
 * (an object starting to match is ADDED, one stopping to match DELETED with its new state).
 * {@code position} is the newest revision the watch has been brought up to; changes at or below it
 * are ignored, so a change reaching it twice is delivered once. Listener calls happen under the
 * watcher's monitor: one at a time, none after {@code onClose}.
 */
public final class KeyWatcher<H extends KubeObject> implements Watch {
  private static final Logger LOG = Logger.getLogger(KeyWatcher.class.getName());

  /** Decodes stored bytes into a fresh hub object carrying {@code resourceVersion}. */
  @FunctionalInterface
  public interface Decoder<H> {
    H decode(String namespace, String name, byte[] data, long resourceVersion);
  }

  private final WatchRequest<H> request;
  private final WatchListener<H> listener;
  private final Decoder<H> decoder;
  private final Predicate<H> filter;
  private final Runnable onEnd;
  private long position;
  private boolean closed;

  /** {@code onEnd} runs once when the watch ends (to unregister it). */
  public KeyWatcher(WatchRequest<H> request, WatchListener<H> listener, Decoder<H> decoder, Runnable onEnd) {
    this.request = request;
    this.listener = listener;
    this.decoder = decoder;
    this.filter = request.filter() == null ? h -> true : request.filter();
    this.onEnd = onEnd;
  }

  public WatchRequest<H> request() {
    return request;
  }

  public synchronized long position() {
    return position;
  }

  public synchronized void startAt(long rv) {
    position = rv;
  }

  public synchronized boolean isClosed() {
    return closed;
  }

  /** The change as this watch's event, if it concerns the watch. */
  public synchronized void offer(KeyChange c) {
    if (closed || c.revision() <= position) {
      return;
    }
    position = c.revision();
    if (request.namespace() != null && !request.namespace().equals(c.namespace())) {
      return;
    }
    H before = c.prevData() == null ? null : decoder.decode(c.namespace(), c.name(), c.prevData(), c.prevRevision());
    boolean matchedBefore = before != null && filter.test(before);
    if (c.data() == null) {
      if (matchedBefore) {
        send(new WatchEvent<>(Type.DELETED, decoder.decode(c.namespace(), c.name(), c.prevData(), c.revision()), c.revision()));
      }
      return;
    }
    H now = decoder.decode(c.namespace(), c.name(), c.data(), c.revision());
    if (filter.test(now)) {
      send(new WatchEvent<>(matchedBefore ? Type.MODIFIED : Type.ADDED, now, c.revision()));
    } else if (matchedBefore) {
      // leaving the selection: as kube, the state it was seen in, at the change's revision
      send(new WatchEvent<>(Type.DELETED, decoder.decode(c.namespace(), c.name(), c.prevData(), c.revision()), c.revision()));
    }
  }

  /** An object of the initial state at {@code rv} (stored at {@code modRevision}), if it matches. */
  public synchronized void initial(String namespace, String name, byte[] data, long modRevision, long rv) {
    if (closed || (request.namespace() != null && !request.namespace().equals(namespace))) {
      return;
    }
    H obj = decoder.decode(namespace, name, data, modRevision);
    if (filter.test(obj)) {
      send(new WatchEvent<>(Type.ADDED, obj, rv));
    }
  }

  /** A BOOKMARK at {@code rv}, which the watch has been brought up to. */
  public synchronized void bookmark(long rv) {
    if (!closed && rv >= position) {
      position = rv;
      send(new WatchEvent<>(Type.BOOKMARK, null, rv));
    }
  }

  private void send(WatchEvent<H> event) {
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "watch listener failed; closing the watch", e);
      end(new StorageException(StorageException.Reason.UNAVAILABLE, null, "watch listener failed: " + e, e));
    }
  }

  /** Ends the watch with {@code reason} ({@code null}: closed by its owner); idempotent. */
  public synchronized void end(StorageException reason) {
    if (closed) {
      return;
    }
    closed = true;
    try {
      listener.onClose(reason);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "watch listener failed in onClose", e);
    } finally {
      onEnd.run();
    }
  }

  @Override
  public void close() {
    end(null);
  }
}
