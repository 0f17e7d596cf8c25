package dev.customapiserver.server.datadir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes files atomically (temporary file + rename), secrets readable by the owner only; folders it
 * creates are private to the owner (0700).
 */
final class SecureFiles {
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private SecureFiles() {}

  /** Writes {@code content} to {@code file}; with {@code secret} the file gets mode 0600. */
  static void write(Path file, byte[] content, boolean secret) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      if (!Files.isDirectory(dir)) {
        if (POSIX) {
          Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
          Files.createDirectories(dir);
        }
      }
      Path tmp = POSIX
          ? Files.createTempFile(dir, "." + file.getFileName(), ".tmp",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(secret ? "rw-------" : "rw-r--r--")))
          : Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
      try {
        Files.write(tmp, content);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
