package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import dev.customapiserver.storage.contract.WatchContract;
import dev.customapiserver.storage.contract.WatchRecorder;
import dev.customapiserver.storage.contract.Widget;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The watch contract against the watch cache over H2 (window of 1000 changes, so the contract's watches are served from memory). */
@DisplayName("watch cache over H2: watch")
@ExtendWith(H2Databases.class)
class CachedH2WatchTest extends WatchContract {
  CachingStorageBackend cached;

  @Override
  protected StorageBackend underTest(StorageBackend jpa) {
    cached = new CachingStorageBackend(jpa, 1000);
    return cached;
  }

  @BeforeEach
  void awaitCache() throws InterruptedException {
    assertThat(cached.awaitSynced(Duration.ofSeconds(WatchRecorder.TIMEOUT_SECONDS))).isTrue();
  }

  @AfterEach
  void closeCache() {
    cached.close();
  }

  /** The cache keeps its window past the database's compaction; below the window the inner store answers. */
  @Test
  @Override
  @DisplayName("a resourceVersion inside the window is replayed after compaction; one older than the window is the inner store's (EXPIRED)")
  protected void expired() throws Exception {
    long start = rv(create("a", "e0")); // not 0, which would ask for the initial state
    long first = rv(create("a", "e1"));
    update("a", "e1", w -> w.label("k", "v"));
    long c = fixture.compact();
    WatchRecorder fromWindow = new WatchRecorder();
    store.watch(from(Long.toString(start), null, null), fromWindow);
    assertThat(fromWindow.until(c).stream().map(e -> e.resourceVersion())).containsExactly(first, c);

    CachingStorageBackend small = new CachingStorageBackend(open(), 1);
    var smallStore = small.forResource(Widget.RESOURCE, codec);
    try {
      assertThat(small.awaitSynced(Duration.ofSeconds(WatchRecorder.TIMEOUT_SECONDS))).isTrue();
      assertFails(Reason.EXPIRED, () -> smallStore.watch(from(Long.toString(c - 1), null, null), new WatchRecorder()));
    } finally {
      small.close();
    }
  }
}
