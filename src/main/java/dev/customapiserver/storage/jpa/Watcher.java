package dev.customapiserver.storage.jpa;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.StorageCodec;
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
 * One watch: turns change-log rows of its resource into events for its listener. {@code position}
 * is the newest revision the watch has been brought up to; rows at or below it are ignored, so a
 * row reaching it twice (history replay, then the tail) is delivered once. Listener calls are made
 * under the watcher's monitor, so they come one at a time and none follows {@code onClose}.
 */
final class Watcher<H extends KubeObject> implements Watch {
  private static final Logger LOG = Logger.getLogger(Watcher.class.getName());

  final Location.Of resource;
  final WatchRequest<H> request;
  private final WatchListener<H> listener;
  private final StorageCodec<H> codec;
  private final Predicate<H> filter;
  private final WakeUp wake;
  private long position;
  private boolean closed;

  Watcher(Location.Of resource, WatchRequest<H> request, WatchListener<H> listener, StorageCodec<H> codec,
      WakeUp wake) {
    this.resource = resource;
    this.request = request;
    this.listener = listener;
    this.codec = codec;
    this.filter = request.filter() == null ? h -> true : request.filter();
    this.wake = wake;
  }

  synchronized long position() {
    return position;
  }

  synchronized void startAt(long rv) {
    position = rv;
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** The row as this watch's event, if it concerns the watch; the transition rules of the cacher. */
  synchronized void offer(ChangeRow row) {
    if (closed || row.resourceVersion() <= position || !row.belongsTo(resource)) {
      return;
    }
    position = row.resourceVersion();
    if (request.namespace() != null && !request.namespace().equals(row.namespace())) {
      return;
    }
    H now = codec.decode(row.data(), row.namespace(), row.name());
    boolean matchesNow = filter.test(now);
    if (row.type().equals("ADDED") || row.type().equals("DELETED")) {
      if (matchesNow) {
        send(new WatchEvent<>(Type.valueOf(row.type()), now, row.resourceVersion()));
      }
      return;
    }
    if (row.prevData() == null) {
      if (matchesNow) {
        send(new WatchEvent<>(Type.ADDED, now, row.resourceVersion()));
      }
      return;
    }
    // a watch of everything (the watch cache's) matched the previous state whenever there was one
    H before = request.filter() == null ? null : codec.decode(row.prevData(), row.namespace(), row.name());
    boolean matchedBefore = before == null || filter.test(before);
    if (matchesNow) {
      send(new WatchEvent<>(matchedBefore ? Type.MODIFIED : Type.ADDED, now, row.resourceVersion()));
    } else if (matchedBefore) {
      // leaving the selection: as kube, the state it was seen in, at the change's resourceVersion
      before.metadata().resourceVersion = Long.toString(row.resourceVersion());
      send(new WatchEvent<>(Type.DELETED, before, row.resourceVersion()));
    }
  }

  /** An object of the initial state, if it matches. */
  synchronized void initial(byte[] data, String namespace, String name, long rv) {
    if (closed || (request.namespace() != null && !request.namespace().equals(namespace))) {
      return;
    }
    H obj = codec.decode(data, namespace, name);
    if (filter.test(obj)) {
      send(new WatchEvent<>(Type.ADDED, obj, rv));
    }
  }

  /** A BOOKMARK at {@code rv}, which the watch has been brought up to. */
  synchronized void bookmark(long rv) {
    if (!closed && rv >= position) {
      position = rv;
      send(new WatchEvent<>(Type.BOOKMARK, null, rv));
    }
  }

  private void send(WatchEvent<H> event) {
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "watch listener failed; closing the watch of " + resource, e);
      end(new StorageException(StorageException.Reason.UNAVAILABLE, null, "watch listener failed: " + e, e));
    }
  }

  /** Ends the watch with {@code reason} ({@code null}: closed by its owner); idempotent. */
  synchronized void end(StorageException reason) {
    if (closed) {
      return;
    }
    closed = true;
    wake.signal();
    try {
      listener.onClose(reason);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "watch listener failed in onClose", e);
    }
  }

  @Override
  public void close() {
    end(null);
  }
}
