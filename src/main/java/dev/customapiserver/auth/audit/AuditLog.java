package dev.customapiserver.auth.audit;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The audit log of {@code --audit-log-path}: one JSON line per event, appended and flushed per line;
 * {@code -} is standard output. As kube's lumberjack-based writer: when a line would take the file
 * past {@code maxSizeMb} (0 = never) it is renamed {@code name-<UTC timestamp>.ext} and a new file
 * started; of the rotated files at most {@code maxBackups} (0 = all) and only those younger than
 * {@code maxAgeDays} (0 = any age) are kept. Thread-safe.
 */
public final class AuditLog implements AutoCloseable {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss.SSS").withZone(ZoneOffset.UTC);
  private static final System.Logger LOG = System.getLogger(AuditLog.class.getName());
  private final Path file;
  private final long maxBytes;
  private final int maxBackups;
  private final int maxAgeDays;
  private final Clock clock;
  private OutputStream out;
  private long size;

  public AuditLog(Path file, int maxSizeMb, int maxBackups, int maxAgeDays, Clock clock) {
    this.file = file;
    this.maxBytes = maxSizeMb * 1024L * 1024L;
    this.maxBackups = maxBackups;
    this.maxAgeDays = maxAgeDays;
    this.clock = clock;
  }

  /** Appends one line (a newline is added); false when it could not be written (the failure is logged). */
  public synchronized boolean write(byte[] line) {
    try {
      if (file.toString().equals("-")) {
        System.out.write(line);
        System.out.write('\n');
        System.out.flush();
        return true;
      }
      if (out != null && maxBytes > 0 && size + line.length + 1 > maxBytes) {
        rotate();
      }
      if (out == null) {
        open();
      }
      out.write(line);
      out.write('\n');
      out.flush();
      size += line.length + 1;
      return true;
    } catch (IOException e) {
      LOG.log(System.Logger.Level.ERROR, "cannot write the audit log " + file, e);
      return false;
    }
  }

  private void open() throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    size = Files.size(file);
    if (maxBytes > 0 && size > 0 && size >= maxBytes) {
      rotate();
      open();
    }
  }

  private void rotate() throws IOException {
    out.close();
    out = null;
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String base = dot > 0 ? name.substring(0, dot) : name;
    String ext = dot > 0 ? name.substring(dot) : "";
    String stamp = STAMP.format(clock.instant());
    Path rotated = file.resolveSibling(base + "-" + stamp + ext);
    for (int i = 1; Files.exists(rotated); i++) {
      rotated = file.resolveSibling(base + "-" + stamp + "-" + i + ext);
    }
    Files.move(file, rotated);
    prune(base, ext);
  }

  private void prune(String base, String ext) throws IOException {
    List<Path> backups;
    Path dir = file.toAbsolutePath().getParent();
    try (Stream<Path> files = Files.list(dir)) {
      backups = files.filter(p -> {
        String n = p.getFileName().toString();
        return n.startsWith(base + "-") && n.endsWith(ext) && !p.equals(file.toAbsolutePath());
      }).sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
    }
    Instant oldest = clock.instant().minus(Duration.ofDays(maxAgeDays));
    for (int i = 0; i < backups.size(); i++) {
      Path p = backups.get(i);
      boolean tooMany = maxBackups > 0 && i >= maxBackups;
      boolean tooOld = maxAgeDays > 0 && Files.getLastModifiedTime(p).toInstant().isBefore(oldest);
      if (tooMany || tooOld) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** The rotated files next to the log, newest first (for tests and operators). */
  public List<Path> backups() {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String base = dot > 0 ? name.substring(0, dot) : name;
    try (Stream<Path> files = Files.list(file.toAbsolutePath().getParent())) {
      return files.filter(p -> p.getFileName().toString().startsWith(base + "-"))
          .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void close() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        LOG.log(System.Logger.Level.WARNING, "closing the audit log failed", e);
      }
      out = null;
    }
  }
}
