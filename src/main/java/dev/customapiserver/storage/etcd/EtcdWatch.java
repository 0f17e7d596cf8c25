package dev.customapiserver.storage.etcd;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import dev.customapiserver.storage.kv.KeyChange;
import dev.customapiserver.storage.kv.KeyWatcher;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One watch on etcd: on the backend's dispatcher first the initial state (read at one revision)
 * and the initial-events bookmark, then an etcd watch from the next revision with the previous
 * values, whose events the {@link KeyWatcher} turns into the watch's events. jetcd resumes a
 * broken stream from the last revision received (another member, after a leader change); a
 * revision compacted meanwhile ends the watch with EXPIRED.
 */
final class EtcdWatch<H extends KubeObject> {
  private static final Logger LOG = Logger.getLogger(EtcdWatch.class.getName());
  private final EtcdStorageBackend backend;
  private final EtcdKeys keys;
  private final WatchRequest<H> request;
  private final KeyWatcher<H> watcher;
  private final Long from;
  private io.etcd.jetcd.Watch.Watcher etcdWatcher;
  private boolean stopped;

  EtcdWatch(EtcdStorageBackend backend, EtcdKeys keys, WatchRequest<H> request, WatchListener<H> listener,
      KeyWatcher.Decoder<H> decoder, Long from) {
    this.backend = backend;
    this.keys = keys;
    this.request = request;
    this.from = from;
    this.watcher = new KeyWatcher<>(request, listener, decoder, this::stop);
  }

  Watch start() {
    backend.register(watcher);
    backend.dispatch(this::begin);
    return watcher;
  }

  private void begin() {
    try {
      long start = from == null ? -1 : from;
      if (from == null || request.sendInitialEvents()) {
        start = initialState(from == null ? 0 : from);
        if (request.sendInitialEvents()) {
          watcher.bookmark(start);
        }
      }
      watcher.startAt(start);
      connect();
    } catch (StorageException e) {
      watcher.end(e);
    } catch (RuntimeException e) {
      watcher.end(EtcdCalls.translate(e));
    }
  }

  /**
   * Opens the etcd watch after the newest revision delivered. It requires a leader, as kube's does:
   * a member cut off from the others ends it, and it is opened again (on a member that has one).
   */
  private synchronized void connect() {
    if (stopped) {
      return;
    }
    WatchOption options = WatchOption.builder()
        .withPrefix(keys.prefix(request.namespace()))
        .withPrevKV(true)
        .withRequireLeader(true)
        .withProgressNotify(request.bookmarks())
        .withRevision(watcher.position() + 1)
        .build();
    etcdWatcher = backend.client().getWatchClient().watch(keys.prefix(request.namespace()), options,
        io.etcd.jetcd.Watch.listener(this::onResponse, this::onError));
  }

  /** Sends the objects as of {@code revision} (0: the newest) as ADDED events; returns the revision read. */
  private long initialState(long revision) {
    ByteSequence prefix = keys.prefix(request.namespace());
    ByteSequence end = EtcdKeys.rangeEnd(prefix);
    ByteSequence next = prefix;
    long at = revision;
    while (true) {
      GetOption.Builder o = GetOption.builder().withRange(end).withLimit(500);
      if (at > 0) {
        o.withRevision(at);
      }
      GetResponse r = backend.calls().await(backend.client().getKVClient().get(next, o.build()));
      at = r.getHeader().getRevision() > 0 && at == 0 ? r.getHeader().getRevision() : at;
      for (KeyValue kv : r.getKvs()) {
        ObjectKey k = keys.parse(kv.getKey());
        watcher.initial(k.namespace(), k.name(), kv.getValue().getBytes(), kv.getModRevision(), at);
      }
      if (!r.isMore() || r.getKvs().isEmpty()) {
        return at;
      }
      next = r.getKvs().get(r.getKvs().size() - 1).getKey().concat(ByteSequence.from(new byte[] {0}));
    }
  }

  private void onResponse(WatchResponse r) {
    if (r.getEvents().isEmpty()) {
      if (r.isProgressNotify() && request.bookmarks()) {
        watcher.bookmark(r.getHeader().getRevision());
      }
      return;
    }
    for (WatchEvent e : r.getEvents()) {
      KeyValue kv = e.getKeyValue();
      KeyValue prev = e.getPrevKV();
      boolean hadPrev = prev != null && !prev.getKey().isEmpty();
      ObjectKey k = keys.parse(kv.getKey());
      boolean deleted = e.getEventType() == WatchEvent.EventType.DELETE;
      watcher.offer(new KeyChange(kv.getModRevision(), k.namespace(), k.name(),
          deleted ? null : kv.getValue().getBytes(), hadPrev ? prev.getValue().getBytes() : null,
          hadPrev ? prev.getModRevision() : 0));
    }
  }

  private void onError(Throwable t) {
    if (t instanceof CompactedException c) {
      watcher.end(new StorageException(Reason.EXPIRED, null, "The resourceVersion for the provided watch is too old"
          + " (compacted at " + c.getCompactedRevision() + ")", t));
    } else if (!watcher.isClosed() && backend.resumeLater(this::resume)) {
      LOG.log(Level.FINE, "etcd watch broke; resuming after revision " + watcher.position(), t);
    } else {
      watcher.end(EtcdCalls.translate(t));
    }
  }

  private void resume() {
    io.etcd.jetcd.Watch.Watcher old;
    synchronized (this) {
      old = etcdWatcher;
    }
    if (old != null) {
      old.close();
    }
    try {
      connect();
    } catch (RuntimeException e) {
      onError(e);
    }
  }

  private void stop() {
    io.etcd.jetcd.Watch.Watcher w;
    synchronized (this) {
      stopped = true;
      w = etcdWatcher;
    }
    backend.forget(watcher);
    if (w != null) {
      w.close();
    }
  }
}
