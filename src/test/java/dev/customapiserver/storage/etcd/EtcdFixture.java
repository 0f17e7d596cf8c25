package dev.customapiserver.storage.etcd;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.contract.StorageFixture;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The etcd backend under test on a shared etcd, each fixture under its own key prefix (so "fresh,
 * empty storage" without a new etcd). Its journal is etcd's own history of the prefix, read with a
 * raw jetcd watch from the fixture's first revision (or the last compaction).
 */
final class EtcdFixture implements StorageFixture {
  private static final AtomicLong PREFIXES = new AtomicLong();
  private final List<String> endpoints;
  private final AtomicLong compacted;
  private final String prefix;
  private final long start;
  private final List<EtcdStorageBackend> opened = new ArrayList<>();

  /** @param compacted the etcd's compaction revision, shared by the fixtures on it */
  EtcdFixture(List<String> endpoints, AtomicLong compacted) {
    this.endpoints = endpoints;
    this.compacted = compacted;
    this.prefix = "/t" + ProcessHandle.current().pid() + "-" + PREFIXES.incrementAndGet() + "/registry";
    StorageBackend probe = open();
    this.start = probe.currentRevision();
  }

  EtcdSettings settings() {
    return EtcdSettings.of(endpoints, prefix);
  }

  @Override
  public StorageBackend open() {
    return open(settings().withBookmarkInterval(Duration.ofMillis(50)));
  }

  private StorageBackend open(EtcdSettings s) {
    EtcdStorageBackend b = new EtcdStorageBackend(s);
    synchronized (opened) {
      opened.add(b);
    }
    return b;
  }

  @Override
  public StorageBackend openBookmarking() {
    return open(settings().withBookmarkInterval(Duration.ofMillis(20)));
  }

  @Override
  public long compact() {
    long c = opened.get(0).compact();
    compacted.accumulateAndGet(c, Math::max);
    return c;
  }

  /**
   * Reads etcd's history of the prefix revision by revision: the keys written at a revision are
   * those whose mod revision it is; a revision that wrote none of them deleted the keys gone since
   * the one before (or wrote elsewhere). A watch from an old revision would do in one call, but
   * etcd 3.4 may answer a progress request before such a watch caught up, so its end is unknown.
   */
  @Override
  public List<Change> journal() throws Exception {
    try (Client client = Client.builder().endpoints(endpoints.toArray(String[]::new)).maxInboundMessageSize(64 << 20).build()) {
      KV kv = client.getKVClient();
      ByteSequence p = ByteSequence.from(prefix + "/", StandardCharsets.UTF_8);
      long now = kv.get(p, GetOption.builder().withCountOnly(true).build()).get(10, TimeUnit.SECONDS).getHeader().getRevision();
      List<Change> changes = new ArrayList<>();
      Map<ByteSequence, Long> before = keysAt(kv, p, Math.max(start, compacted.get()));
      for (long rev = Math.max(start, compacted.get()) + 1; rev <= now; rev++) {
        Map<ByteSequence, Long> at = keysAt(kv, p, rev);
        for (Map.Entry<ByteSequence, Long> e : at.entrySet()) {
          if (e.getValue() == rev) {
            Long prev = before.get(e.getKey());
            changes.add(new Change(rev, key(e.getKey(), p), prev == null ? "ADDED" : "MODIFIED", prev));
          }
        }
        for (Map.Entry<ByteSequence, Long> e : before.entrySet()) {
          if (!at.containsKey(e.getKey())) {
            changes.add(new Change(rev, key(e.getKey(), p), "DELETED", e.getValue()));
          }
        }
        before = at;
      }
      return changes;
    }
  }

  private static Map<ByteSequence, Long> keysAt(KV kv, ByteSequence p, long rev) throws Exception {
    Map<ByteSequence, Long> keys = new HashMap<>();
    if (rev > 0) {
      for (KeyValue e : kv.get(p, GetOption.builder().withPrefix(p).withKeysOnly(true).withRevision(rev).build())
          .get(10, TimeUnit.SECONDS).getKvs()) {
        keys.put(e.getKey(), e.getModRevision());
      }
    }
    return keys;
  }

  /** {@code <group>/<resource>/<namespace>/<name>} or {@code <group>/<resource>/<name>} after the prefix. */
  private static ObjectKey key(ByteSequence k, ByteSequence p) {
    String[] parts = k.toString(StandardCharsets.UTF_8).substring(p.size()).split("/");
    return parts.length >= 4 ? new ObjectKey(parts[2], parts[3]) : new ObjectKey("", parts[parts.length - 1]);
  }

  @Override
  public void close() {
    synchronized (opened) {
      opened.forEach(EtcdStorageBackend::close);
    }
  }
}
