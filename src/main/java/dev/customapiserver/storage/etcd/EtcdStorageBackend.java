package dev.customapiserver.storage.etcd;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.kv.KeyWatcher;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.options.CompactOption;
import io.etcd.jetcd.options.GetOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/** Every resource in etcd v3 (see the package documentation). */
public final class EtcdStorageBackend implements StorageBackend {
  /** The largest answer taken from etcd (a page of large objects; etcd's own limit is on requests). */
  private static final int MAX_MESSAGE = 64 << 20;
  private final EtcdSettings settings;
  private final Client client;
  private final EtcdCalls calls;
  private final ExecutorService dispatcher;
  private final ScheduledExecutorService progress;
  private final Set<KeyWatcher<?>> watches = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  /** Connects lazily: the first request reaches etcd. @throws IllegalArgumentException for unreadable TLS files */
  public EtcdStorageBackend(EtcdSettings settings) {
    this.settings = settings;
    this.client = connect(settings);
    this.calls = new EtcdCalls(settings.requestTimeout());
    this.dispatcher = Executors.newCachedThreadPool(r -> daemon(r, "etcd-watch-start"));
    this.progress = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "etcd-watch-progress"));
    long every = Math.max(1, settings.bookmarkInterval().toMillis());
    progress.scheduleWithFixedDelay(this::requestProgress, every, every, TimeUnit.MILLISECONDS);
  }

  private static Client connect(EtcdSettings s) {
    ClientBuilder b = Client.builder().endpoints(s.servers().toArray(String[]::new))
        .connectTimeout(Duration.ofSeconds(5))
        .maxInboundMessageSize(MAX_MESSAGE)
        .keepaliveTime(Duration.ofSeconds(10))
        .keepaliveTimeout(Duration.ofSeconds(5))
        .retryMaxDuration(s.requestTimeout())
        .waitForReady(true);
    if (s.caFile().isPresent() || s.certFile().isPresent()) {
      try {
        b.sslContext(ssl -> {
          s.caFile().ifPresent(ca -> ssl.trustManager(ca.toFile()));
          s.certFile().ifPresent(cert -> ssl.keyManager(cert.toFile(), s.keyFile().orElseThrow(
              () -> new IllegalArgumentException("--etcd-certfile needs --etcd-keyfile")).toFile()));
        });
      } catch (SSLException e) {
        throw new IllegalArgumentException("cannot read the etcd TLS files: " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new EtcdStore<>(this, new EtcdKeys(settings.prefix(), resource), codec);
  }

  @Override
  public long currentRevision() {
    open();
    return calls.await(client.getKVClient().get(EtcdKeys.bytes(settings.prefix()),
        GetOption.builder().withCountOnly(true).build())).getHeader().getRevision();
  }

  @Override
  public boolean healthy() {
    try {
      currentRevision();
      return true;
    } catch (StorageException e) {
      return false;
    }
  }

  /** Compacts etcd's history up to the newest revision (what kube-apiserver does every 5 minutes); returns it. */
  public long compact() {
    long rev = currentRevision();
    calls.await(client.getKVClient().compact(rev, CompactOption.builder().withCompactPhysical(true).build()));
    return rev;
  }

  Client client() {
    return client;
  }

  EtcdCalls calls() {
    return calls;
  }

  void register(KeyWatcher<?> w) {
    open();
    watches.add(w);
  }

  void forget(KeyWatcher<?> w) {
    watches.remove(w);
  }

  void dispatch(Runnable task) {
    try {
      dispatcher.execute(task);
    } catch (RejectedExecutionException e) {
      throw new StorageException(Reason.UNAVAILABLE, null, "the storage is closed");
    }
  }

  /** Runs {@code task} in a little while unless closed; returns whether it will run. */
  boolean resumeLater(Runnable task) {
    if (closed) {
      return false;
    }
    try {
      progress.schedule(() -> dispatch(task), 200, TimeUnit.MILLISECONDS);
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  private void requestProgress() {
    if (watches.stream().anyMatch(w -> w.request().bookmarks())) {
      try {
        client.getWatchClient().requestProgress();
      } catch (RuntimeException e) {
        // the next round asks again
      }
    }
  }

  private void open() {
    if (closed) {
      throw new StorageException(Reason.UNAVAILABLE, null, "the storage is closed");
    }
  }

  /** Ends every watch with UNAVAILABLE and disconnects. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    progress.shutdownNow();
    dispatcher.shutdown();
    StorageException gone = new StorageException(Reason.UNAVAILABLE, null, "the storage was closed");
    List.copyOf(watches).forEach(w -> w.end(gone));
    client.close();
  }
}
