package dev.customapiserver.storage.memory;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import java.time.Duration;

/**
 * Every resource in memory, gone when the backend closes: for tests and the embedded server. Same
 * contract as the databases: one revision sequence, snapshots for paged lists, watches with
 * history of the newest {@code retainedRevisions} writes.
 */
public final class MemoryStorageBackend implements StorageBackend {
  private final MemoryEngine engine;

  /**
   * @param bookmarkInterval how often watches that asked for bookmarks get one
   * @param retainedRevisions how many of the newest revisions are kept for watches and continue tokens
   */
  public record Options(Duration bookmarkInterval, long retainedRevisions) {
    /** Bookmark every minute, keep 100,000 revisions. */
    public static Options defaults() {
      return new Options(Duration.ofMinutes(1), 100_000);
    }
  }

  public MemoryStorageBackend() {
    this(Options.defaults());
  }

  public MemoryStorageBackend(Options options) {
    this.engine = new MemoryEngine(0, options.retainedRevisions(), options.bookmarkInterval(), WriteAhead.NONE);
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    return new EngineStore<>(engine, resource, codec);
  }

  @Override
  public long currentRevision() {
    return engine.revision();
  }

  @Override
  public boolean healthy() {
    return engine.isOpen();
  }

  /** Forgets the history up to the current revision (watches and continue tokens from before get EXPIRED). */
  public long compact() {
    return engine.compact(Long.MAX_VALUE);
  }

  MemoryEngine engine() {
    return engine;
  }

  @Override
  public void close() {
    engine.close();
  }
}
