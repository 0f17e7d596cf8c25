package dev.customapiserver.storage.file;

import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.storage.contract.FixtureExtension;
import dev.customapiserver.storage.contract.StorageFixture;
import dev.customapiserver.storage.contract.Widget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The file backend under test on a fresh temporary root; its journal is the revision log. One
 * process owns a tree: {@link #open} is a restart of the same tree (the previous backend closed);
 * every backend bookmarks every 10 ms.
 */
final class FileFixture implements StorageFixture {
  private final Path root;
  private final List<FileStorageBackend> opened = new ArrayList<>();

  static final class Extension extends FixtureExtension {
    @Override
    protected StorageFixture create(ExtensionContext context) throws IOException {
      return new FileFixture(Files.createTempDirectory("apiserver-files-"));
    }
  }

  FileFixture(Path root) {
    this.root = root;
  }

  @Override
  public StorageBackend open() {
    return open(Duration.ofMillis(10));
  }

  private FileStorageBackend open(Duration bookmarks) {
    FileStorageBackend b = new FileStorageBackend(new FileStorageBackend.Options(root, Duration.ofMillis(100), 100_000,
        bookmarks));
    opened.add(b);
    return b;
  }

  @Override
  public StorageBackend openBookmarking() {
    return opened.get(opened.size() - 1);
  }

  @Override
  public boolean sharedByProcesses() {
    return false;
  }

  @Override
  public long compact() {
    return opened.get(opened.size() - 1).compact();
  }

  @Override
  public List<Change> journal() {
    long compacted = opened.get(opened.size() - 1).engine().compacted();
    return RevisionLog.read(root).stream()
        .filter(e -> e.resource().equals(Widget.RESOURCE) && e.revision() > compacted)
        .map(e -> new Change(e.revision(), e.key(), e.type(), "ADDED".equals(e.type()) ? null : e.prevRevision()))
        .toList();
  }

  @Override
  public void close() {
    opened.forEach(FileStorageBackend::close);
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary folder
    }
  }
}
