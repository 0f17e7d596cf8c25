package dev.customapiserver.storage.file;

import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.storage.ObjectKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The append-only log of revisions, one tab-separated line per write:
 * {@code revision group resource namespace name type prevRevision sha256}; each append is fsynced
 * before the write counts. A torn last line (a crash mid-append) is ignored on reading.
 */
final class RevisionLog implements AutoCloseable {
  static final String FILE = ".revisions.log";
  private final FileChannel channel;

  /** One line. @param sha the file's hash, {@code -} for a delete */
  record Entry(long revision, GroupResource resource, ObjectKey key, String type, long prevRevision, String sha) {
    String line() {
      return revision + "\t" + resource.group() + "\t" + resource.resource() + "\t" + key.namespace() + "\t"
          + key.name() + "\t" + type + "\t" + prevRevision + "\t" + sha + "\n";
    }
  }

  RevisionLog(Path root) {
    try {
      this.channel = FileChannel.open(root.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the revision log in " + root, e);
    }
  }

  static List<Entry> read(Path root) {
    Path file = root.resolve(FILE);
    List<Entry> entries = new ArrayList<>();
    if (!Files.exists(file)) {
      return entries;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String[] f = line.split("\t", -1);
        if (f.length != 8) {
          continue;
        }
        try {
          entries.add(new Entry(Long.parseLong(f[0]), new GroupResource(f[1], f[2]), new ObjectKey(f[3], f[4]), f[5],
              Long.parseLong(f[6]), f[7]));
        } catch (NumberFormatException e) {
          // a torn line
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return entries;
  }

  void append(Entry e) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(e.line().getBytes(StandardCharsets.UTF_8));
    while (b.hasRemaining()) {
      channel.write(b);
    }
    channel.force(false);
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      // nothing to keep
    }
  }
}
