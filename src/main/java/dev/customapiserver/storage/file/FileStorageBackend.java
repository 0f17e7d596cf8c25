package dev.customapiserver.storage.file;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.file.FileLayout.Located;
import dev.customapiserver.storage.file.RevisionLog.Entry;
import dev.customapiserver.storage.kv.KeyChange;
import dev.customapiserver.storage.memory.EngineStore;
import dev.customapiserver.storage.memory.MemoryEngine;
import dev.customapiserver.storage.memory.Stored;
import dev.customapiserver.storage.memory.WriteAhead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/** Every resource as YAML files under a root folder (see the package documentation). */
public final class FileStorageBackend implements StorageBackend, WriteAhead {
  private static final Logger LOG = Logger.getLogger(FileStorageBackend.class.getName());
  private final FileLayout layout;
  private final ObjectFiles files = new ObjectFiles();
  private final RevisionLog log;
  private final MemoryEngine engine;
  private final ScheduledExecutorService poller;
  /** The hash of every object file as the backend last wrote or read it. */
  private final Map<Path, String> known = new HashMap<>();

  /**
   * @param root the folder of the tree (created if missing)
   * @param pollInterval how often the tree is scanned for files edited by hand
   * @param retainedRevisions how many revisions of history watches and continue tokens can use
   * @param bookmarkInterval how often watches that asked for bookmarks get one
   */
  public record Options(Path root, Duration pollInterval, long retainedRevisions, Duration bookmarkInterval) {
    public static Options at(Path root) {
      return new Options(root, Duration.ofSeconds(2), 10_000, Duration.ofMinutes(1));
    }
  }

  /** Loads the tree: objects whose file matches the log keep their revision; others become changes now. */
  public FileStorageBackend(Options options) {
    this.layout = new FileLayout(options.root().toAbsolutePath());
    try {
      Files.createDirectories(layout.root());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the storage root " + layout.root(), e);
    }
    Map<Path, Entry> last = new HashMap<>();
    long revision = 0;
    for (Entry e : RevisionLog.read(layout.root())) {
      last.put(layout.file(e.resource(), e.key()), e);
      revision = Math.max(revision, e.revision());
    }
    this.log = new RevisionLog(layout.root());
    this.engine = new MemoryEngine(revision, options.retainedRevisions(), options.bookmarkInterval(), this);
    synchronized (engine) {
      for (Path file : scan()) {
        Entry e = last.remove(file);
        Located at = layout.locate(file).orElseThrow();
        byte[] content = read(file);
        if (content == null) {
          continue;
        }
        String sha = ObjectFiles.sha(content);
        if (e != null && !"DELETED".equals(e.type()) && e.sha().equals(sha)) {
          json(file, content).ifPresent(data -> {
            engine.restore(at.resource(), new Stored(at.key(), data, e.revision()));
            known.put(file, sha);
          });
        } else {
          external(file, at, content);
        }
      }
      last.forEach((file, e) -> {
        if (!"DELETED".equals(e.type())) {
          engine.external(e.resource(), e.key(), null);
        }
      });
    }
    this.poller = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "storage-file-poller");
      t.setDaemon(true);
      return t;
    });
    long every = Math.max(1, options.pollInterval().toMillis());
    poller.scheduleWithFixedDelay(this::pollSafely, every, every, TimeUnit.MILLISECONDS);
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
    return engine.isOpen() && Files.isWritable(layout.root());
  }

  /** Forgets the history up to the current revision (the files and the log stay). */
  public long compact() {
    return engine.compact(Long.MAX_VALUE);
  }

  /** Scans the tree now for files edited by hand (the poller does so periodically). */
  public void poll() {
    synchronized (engine) {
      if (!engine.isOpen()) {
        return;
      }
      Map<Path, String> gone = new HashMap<>(known);
      for (Path file : scan()) {
        gone.remove(file);
        byte[] content = read(file);
        if (content != null && !ObjectFiles.sha(content).equals(known.get(file))) {
          external(file, layout.locate(file).orElseThrow(), content);
        }
      }
      gone.keySet().forEach(file -> layout.locate(file).ifPresent(at -> {
        known.remove(file);
        engine.external(at.resource(), at.key(), null);
      }));
    }
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "scanning " + layout.root() + " failed", e);
    }
  }

  /** A file changed by hand: a change with a new revision (an unreadable one is left alone). */
  private void external(Path file, Located at, byte[] content) {
    String sha = ObjectFiles.sha(content);
    json(file, content).ifPresent(data -> {
      known.put(file, sha);
      engine.external(at.resource(), at.key(), data);
    });
    known.put(file, sha);
  }

  private Optional<byte[]> json(Path file, byte[] content) {
    try {
      return Optional.of(files.toJson(content));
    } catch (IOException e) {
      LOG.warning("ignoring " + file + ": " + e.getMessage());
      return Optional.empty();
    }
  }

  private List<Path> scan() {
    try (Stream<Path> s = Files.walk(layout.root(), 4)) {
      return s.filter(Files::isRegularFile).filter(p -> layout.locate(p).isPresent()).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot scan " + layout.root(), e);
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      return null; // removed meanwhile: the next scan sees it gone
    }
  }

  /** Under the engine's monitor: the file (unless made by hand), then the log line. */
  @Override
  public void write(GroupResource resource, KeyChange change, boolean external) {
    ObjectKey key = new ObjectKey(change.namespace(), change.name());
    Path file = layout.file(resource, key);
    try {
      String sha = "-";
      if (change.data() == null) {
        if (!external) {
          ObjectFiles.delete(file);
        }
        known.remove(file);
      } else if (external) {
        sha = known.getOrDefault(file, "-");
      } else {
        byte[] content = files.toYaml(change.data());
        sha = ObjectFiles.sha(content);
        ObjectFiles.writeAtomically(file, content);
        known.put(file, sha);
      }
      log.append(new Entry(change.revision(), resource, key, change.type(), change.prevRevision(), sha));
    } catch (IOException e) {
      throw new StorageException(Reason.UNAVAILABLE, key, "cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  MemoryEngine engine() {
    return engine;
  }

  Path root() {
    return layout.root();
  }

  @Override
  public void close() {
    poller.shutdownNow();
    engine.close();
    log.close();
  }
}
