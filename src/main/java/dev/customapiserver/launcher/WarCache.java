package dev.customapiserver.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Unpacks the parts of a WAR the embedded server needs into {@code root/<war>-<size>-<mtime>},
 * atomically (a temporary folder renamed into place), so concurrent starts and interrupted unpacks
 * are harmless. The root is private to the user (mode 0700) and refused if others may write to it.
 */
final class WarCache {
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  private final Path root;

  WarCache(Path root) {
    this.root = root;
  }

  /** The unpacked copy of {@code war}, created if missing. */
  Path unpack(Path war) throws IOException {
    ensurePrivateRoot();
    String name = war.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
    Path target = root.resolve(name + "-" + Files.size(war) + "-" + Files.getLastModifiedTime(war).toMillis());
    if (Files.isDirectory(target)) {
      return target;
    }
    Path tmp = Files.createTempDirectory(root, ".unpack-");
    try {
      extract(war, tmp);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException e) {
      // another start unpacked the same WAR first
    } catch (IOException e) {
      if (!Files.isDirectory(target)) {
        throw e;
      }
    } finally {
      deleteTree(tmp);
    }
    return target;
  }

  private static void extract(Path war, Path into) throws IOException {
    try (ZipFile zip = new ZipFile(war.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        String n = entry.getName();
        boolean wanted = n.startsWith("WEB-INF/classes/") || n.startsWith("WEB-INF/lib/") || n.startsWith("WEB-INF/lib-jetty/");
        if (!wanted || entry.isDirectory()) {
          continue;
        }
        Path out = into.resolve(n).normalize();
        if (!out.startsWith(into)) {
          throw new IOException("WAR entry escapes the unpack folder: " + n);
        }
        Files.createDirectories(out.getParent());
        try (InputStream in = zip.getInputStream(entry)) {
          Files.copy(in, out);
        }
      }
    }
  }

  private void ensurePrivateRoot() throws IOException {
    if (!POSIX) {
      Files.createDirectories(root);
      return;
    }
    if (!Files.exists(root)) {
      try {
        Files.createDirectories(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } catch (FileAlreadyExistsException e) {
        // created concurrently; checked below
      }
    }
    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(root);
    boolean othersWrite = perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE);
    if (!Files.getOwner(root).equals(currentUser()) || othersWrite) {
      throw new AccessDeniedException(root.toString(), null,
          "the WAR cache folder must belong to this user and not be writable by others; remove it or set -Djava.io.tmpdir");
    }
  }

  /** The owner of files this process creates (no reliance on user.name, which may be unset in containers). */
  private UserPrincipal currentUser() throws IOException {
    Path probe = Files.createTempFile(root.getParent() == null ? root : root.getParent(), ".owner-probe-", "");
    try {
      return Files.getOwner(probe);
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
