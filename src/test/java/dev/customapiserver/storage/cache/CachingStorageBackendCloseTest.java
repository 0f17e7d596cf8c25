package dev.customapiserver.storage.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import dev.customapiserver.storage.contract.Widget;
import dev.customapiserver.storage.memory.MemoryStorageBackend;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("closing the watch cache")
class CachingStorageBackendCloseTest {
  private final CountDownLatch listing = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean listedAfterClose;
  private volatile boolean innerClosed;
  private volatile boolean interrupted;

  /** A database whose first list waits until the test releases it; it records being closed under a list. */
  private final class SlowList implements StorageBackend {
    private final MemoryStorageBackend memory = new MemoryStorageBackend();

    @Override
    public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
      ResourceStore<H> inner = memory.forResource(resource, codec);
      return new ResourceStore<>() {
        @Override
        public ListPage<H> list(ListRequest<H> request) {
          listing.countDown();
          while (true) {
            try {
              release.await();
              break;
            } catch (InterruptedException e) {
              interrupted = true; // H2 closes its database when a thread in file I/O is interrupted
            }
          }
          listedAfterClose = innerClosed;
          return inner.list(request);
        }

        @Override
        public H create(ObjectKey key, H obj) {
          return inner.create(key, obj);
        }

        @Override
        public H get(ObjectKey key) {
          return inner.get(key);
        }

        @Override
        public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
          return inner.guaranteedUpdate(key, preconditions, update);
        }

        @Override
        public H delete(ObjectKey key, Preconditions preconditions) {
          return inner.delete(key, preconditions);
        }

        @Override
        public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
          return inner.watch(request, listener);
        }
      };
    }

    @Override
    public long currentRevision() {
      return memory.currentRevision();
    }

    @Override
    public boolean healthy() {
      return true;
    }

    @Override
    public void close() {
      innerClosed = true;
      memory.close();
    }
  }

  @Test
  @DisplayName("waits for a fill still listing before it closes the database, without interrupting it")
  void waitsForRunningFill() throws Exception {
    CachingStorageBackend cached = new CachingStorageBackend(new SlowList(), 100);
    cached.forResource(Widget.RESOURCE, Widget.codec());
    assertThat(listing.await(30, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Void> closing = CompletableFuture.runAsync(cached::close);
    release.countDown();
    closing.get(30, TimeUnit.SECONDS);
    assertThat(innerClosed).isTrue();
    assertThat(listedAfterClose).as("the database was closed under the fill's list").isFalse();
    assertThat(interrupted).as("the fill was interrupted").isFalse();
  }
}
