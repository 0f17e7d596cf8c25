package dev.customapiserver.testing;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;

/**
 * The history and the watchers of one resource of {@link MemoryStorageBackend}. Changes are recorded
 * under the backend's lock and handed, in that order, to one delivery thread; each watcher filters
 * them (an object leaving its selection is a DELETED, one entering it an ADDED).
 */
final class MemoryWatches {
  /** Test backends run without encryption at rest (identity), which ignores the location. */
  static final String UNBOUND = "";

  /** One committed change: the stored bytes before and after (for DELETED: the last state at the deletion's revision). */
  record Change(WatchEvent.Type type, byte[] before, byte[] after, long rv) {}

  private final ExecutorService delivery;
  private final List<Change> history = new ArrayList<>();
  private final List<Watcher<?>> watchers = new CopyOnWriteArrayList<>();

  MemoryWatches(ExecutorService delivery) {
    this.delivery = delivery;
  }

  /** Called under the backend's lock. */
  void record(Change c) {
    history.add(c);
    for (Watcher<?> w : watchers) {
      delivery.execute(() -> w.deliver(c));
    }
  }

  int size() {
    return watchers.size();
  }

  /** Called under the backend's lock: the store ends every watch with {@code reason}. */
  void endAll(dev.customapiserver.storage.StorageException reason) {
    for (Watcher<?> w : watchers) {
      if (w.close()) {
        watchers.remove(w);
        delivery.execute(() -> w.listener.onClose(reason));
      }
    }
  }

  List<Change> since(long rv) {
    return history.stream().filter(c -> c.rv() > rv).toList();
  }

  /** Called under the backend's lock: replays {@code replay}, then live changes. */
  Watch add(Watcher<?> w, List<Change> replay) {
    watchers.add(w);
    delivery.execute(() -> replay.forEach(w::deliver));
    return () -> {
      if (w.close()) {
        watchers.remove(w);
        delivery.execute(() -> w.listener.onClose(null));
      }
    };
  }

  static final class Watcher<H extends KubeObject> {
    private final WatchRequest<H> req;
    private final WatchListener<H> listener;
    private final StorageCodec<H> codec;
    private volatile boolean closed;

    Watcher(WatchRequest<H> req, WatchListener<H> listener, StorageCodec<H> codec) {
      this.req = req;
      this.listener = listener;
      this.codec = codec;
    }

    synchronized boolean close() {
      boolean was = closed;
      closed = true;
      return !was;
    }

    void deliver(Change c) {
      if (closed) {
        return;
      }
      if (c.type() == WatchEvent.Type.BOOKMARK) {
        listener.onEvent(new WatchEvent<>(WatchEvent.Type.BOOKMARK, null, c.rv()));
        return;
      }
      H after = c.after() == null ? null : codec.decode(c.after(), null, UNBOUND);
      H before = c.before() == null ? null : codec.decode(c.before(), null, UNBOUND);
      boolean now = c.type() != WatchEvent.Type.DELETED && selects(after);
      boolean was = before != null && selects(before);
      WatchEvent.Type t = now && was ? WatchEvent.Type.MODIFIED : now ? WatchEvent.Type.ADDED : was ? WatchEvent.Type.DELETED : null;
      if (t == WatchEvent.Type.DELETED && c.type() != WatchEvent.Type.DELETED) {
        // leaving the selection: as kube, the state it was last seen in, at the change's resourceVersion
        before.metadata().resourceVersion = Long.toString(c.rv());
        listener.onEvent(new WatchEvent<>(t, before, c.rv()));
      } else if (t != null) {
        listener.onEvent(new WatchEvent<>(t, after, c.rv()));
      }
    }

    private boolean selects(H h) {
      return (req.namespace() == null || req.namespace().equals(Objects.toString(h.metadata().namespace, "")))
          && req.filter().test(h);
    }
  }
}
