package dev.customapiserver.registry;

import dev.customapiserver.storage.Watch;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The watches open on one {@link GenericStore}, so that a resource that stops being served (a
 * deleted custom resource) can end them, as kube-apiserver ends a custom resource's watchers when
 * it tears its storage down: the stream ends cleanly after what was delivered, without an ERROR.
 */
final class OpenWatches {
  private final Set<Tracked> open = ConcurrentHashMap.newKeySet();
  private volatile boolean ended;

  /** One open watch: the storage's, and the sink that is told of its end. */
  private final class Tracked implements Watch {
    private final Watch inner;
    private final WatchSink<?> sink;

    Tracked(Watch inner, WatchSink<?> sink) {
      this.inner = inner;
      this.sink = sink;
    }

    @Override
    public void close() {
      open.remove(this);
      inner.close();
    }

    void end() {
      close();
      sink.onEnd(null);
    }
  }

  /** Tracks {@code inner} until it is closed; one started after {@link #endAll} ends at once. */
  Watch track(Watch inner, WatchSink<?> sink) {
    Tracked t = new Tracked(inner, sink);
    open.add(t);
    if (ended) {
      t.end();
    }
    return t;
  }

  /** Ends every open watch (and those started from now on): no event follows, the sink hears the end. */
  void endAll() {
    ended = true;
    for (Tracked t : open) {
      t.end();
    }
  }
}
