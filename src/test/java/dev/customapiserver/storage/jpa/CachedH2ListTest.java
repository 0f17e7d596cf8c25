package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.cache.CachingStorageBackend;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import dev.customapiserver.storage.contract.ListContract;
import dev.customapiserver.storage.contract.WatchRecorder;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;

@DisplayName("watch cache over H2: list")
@ExtendWith(H2Databases.class)
class CachedH2ListTest extends ListContract {
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
}
