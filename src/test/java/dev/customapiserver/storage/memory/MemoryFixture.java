package dev.customapiserver.storage.memory;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.contract.FixtureExtension;
import dev.customapiserver.storage.contract.StorageFixture;
import dev.customapiserver.storage.contract.Widget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The memory backend under test, bookmarking every 10 ms; its journal is the engine's history.
 * Memory is neither durable nor shared: a second {@link #open} is an independent, empty backend.
 */
final class MemoryFixture implements StorageFixture {
  private final List<MemoryStorageBackend> opened = new ArrayList<>();

  /** Resolves {@link StorageFixture} parameters to memory fixtures. */
  static final class Extension extends FixtureExtension {
    @Override
    protected StorageFixture create(ExtensionContext context) {
      return new MemoryFixture();
    }
  }

  @Override
  public StorageBackend open() {
    MemoryStorageBackend b = new MemoryStorageBackend(new MemoryStorageBackend.Options(Duration.ofMillis(10), 100_000));
    opened.add(b);
    return b;
  }

  @Override
  public StorageBackend openBookmarking() {
    return opened.get(0);
  }

  @Override
  public boolean durable() {
    return false;
  }

  @Override
  public boolean sharedByProcesses() {
    return false;
  }

  @Override
  public long compact() {
    return opened.get(0).compact();
  }

  @Override
  public List<Change> journal() {
    return opened.get(0).engine().history(Widget.RESOURCE).stream()
        .map(c -> new Change(c.revision(), new ObjectKey(c.namespace(), c.name()), c.type(),
            c.prevData() == null ? null : c.prevRevision()))
        .toList();
  }

  @Override
  public void close() {
    opened.forEach(MemoryStorageBackend::close);
  }
}
