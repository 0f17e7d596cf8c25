package dev.customapiserver.testkit;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;

/**
 * The keys a server generates in its data directory at first start (CA, serving certificate,
 * service-account signing key), kept in one private folder and copied into the next servers' data
 * directories, so that only the first server of a test run pays for generating them (an RSA key
 * above all). The folder is {@code <java.io.tmpdir>/custom-apiserver-testkit-<user>}, mode 0700,
 * used only when the current user owns it; the server itself still checks the copied certificate
 * (chain, expiry, names) and replaces what does not fit. Nothing is held in memory.
 */
final class KeyMaterialCache {
  /** What is copied, relative to a data directory. */
  static final List<String> FILES = List.of("pki/ca.crt", "pki/ca.key", "pki/apiserver.crt", "pki/apiserver.key",
      "pki/service-account.key");
  private static final System.Logger LOG = System.getLogger(KeyMaterialCache.class.getName());
  private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private final Path dir;

  KeyMaterialCache(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** The per-user folder under the JVM's temporary directory. */
  static KeyMaterialCache inTemporaryDirectory() {
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_").toLowerCase(Locale.ROOT);
    return new KeyMaterialCache(Path.of(System.getProperty("java.io.tmpdir"), "custom-apiserver-testkit-" + user));
  }

  Path dir() {
    return dir;
  }

  /** Copies the cached files into {@code dataDir}; false (nothing copied) when there is no usable cache. */
  boolean seed(Path dataDir) {
    if (!usable()) {
      return false;
    }
    try {
      for (String f : FILES) {
        copy(dir.resolve(f), dataDir.resolve(f));
      }
      return true;
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "not using the key cache {0}: {1}", dir, e.getMessage());
      return false;
    }
  }

  /** Keeps the files a server generated in {@code dataDir}, unless the cache exists already. */
  void save(Path dataDir) {
    if (Files.exists(dir) || !FILES.stream().allMatch(f -> Files.isRegularFile(dataDir.resolve(f)))) {
      return;
    }
    Path tmp = null;
    try {
      Files.createDirectories(dir.getParent());
      tmp = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".new-"); // 0700 on POSIX
      for (String f : FILES) {
        copy(dataDir.resolve(f), tmp.resolve(f));
      }
      Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      tmp = null;
    } catch (FileAlreadyExistsException e) {
      // another JVM of the same run was first: its keys are as good
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "not caching keys in {0}: {1}", dir, e.getMessage());
    } finally {
      if (tmp != null) {
        RunningApiServer.delete(tmp);
      }
    }
  }

  private boolean usable() {
    try {
      if (!Files.isDirectory(dir) || !FILES.stream().allMatch(f -> Files.isRegularFile(dir.resolve(f)))) {
        return false;
      }
      if (!POSIX) {
        return true;
      }
      String owner = Files.getOwner(dir).getName();
      boolean mine = owner.equals(System.getProperty("user.name"));
      boolean privateDir = PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)).endsWith("------");
      return mine && privateDir;
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    byte[] content = Files.readAllBytes(from);
    if (POSIX) {
      Files.deleteIfExists(to);
      Files.createFile(to, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    Files.write(to, content);
  }
}
