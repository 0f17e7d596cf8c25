package dev.customapiserver.auth.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * kube's {@code LRUExpireCache}: at most {@code capacity} entries, the least recently used dropped
 * first, each entry forgotten after its own time to live.
 */
final class ExpiringCache<K, V> {
  private record Entry<V>(V value, Instant expires) {}

  private final Clock clock;
  private final LinkedHashMap<K, Entry<V>> entries;

  ExpiringCache(int capacity, Clock clock) {
    this.clock = clock;
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<K, Entry<V>> eldest) {
        return size() > capacity;
      }
    };
  }

  synchronized Optional<V> get(K key) {
    Entry<V> e = entries.get(key);
    if (e == null) {
      return Optional.empty();
    }
    if (!clock.instant().isBefore(e.expires())) {
      entries.remove(key);
      return Optional.empty();
    }
    return Optional.of(e.value());
  }

  /** Remembers {@code value} for {@code ttl}; a zero or negative ttl caches nothing. */
  synchronized void put(K key, V value, Duration ttl) {
    if (ttl.isZero() || ttl.isNegative()) {
      return;
    }
    entries.put(key, new Entry<>(value, clock.instant().plus(ttl)));
  }

  synchronized int size() {
    return entries.size();
  }
}
