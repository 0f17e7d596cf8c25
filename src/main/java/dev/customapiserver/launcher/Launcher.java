package dev.customapiserver.launcher;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code java -jar custom-apiserver.war [flags]}. The unpacked WAR is cached under
 * {@code $java.io.tmpdir/custom-apiserver-$USER/}, one folder per WAR build, and reused while the WAR
 * file is unchanged.
 */
public final class Launcher {
  static final String MAIN_CLASS = "dev.customapiserver.server.embedded.EmbeddedServer";

  private Launcher() {}

  public static void main(String[] args) throws Throwable {
    Path self;
    try {
      self = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | SecurityException e) {
      throw new IllegalStateException("cannot locate the WAR this launcher runs from", e);
    }
    ClassLoader loader;
    if (Files.isDirectory(self)) {
      loader = Launcher.class.getClassLoader(); // run from a class folder (IDE): everything is on the class path
    } else {
      Path cacheRoot = Path.of(System.getProperty("java.io.tmpdir"), "custom-apiserver-" + System.getProperty("user.name"));
      Path unpacked = new WarCache(cacheRoot).unpack(self);
      loader = new URLClassLoader("custom-apiserver", classPath(unpacked), ClassLoader.getPlatformClassLoader());
    }
    Thread.currentThread().setContextClassLoader(loader);
    try {
      loader.loadClass(MAIN_CLASS).getMethod("main", String[].class).invoke(null, (Object) args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** {@code WEB-INF/classes}, then the jars of {@code WEB-INF/lib} and {@code WEB-INF/lib-jetty}, sorted. */
  static URL[] classPath(Path unpacked) throws IOException {
    List<URL> urls = new ArrayList<>();
    urls.add(unpacked.resolve("WEB-INF/classes").toUri().toURL());
    for (String lib : List.of("WEB-INF/lib", "WEB-INF/lib-jetty")) {
      Path dir = unpacked.resolve(lib);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> jars = Files.list(dir)) {
        for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
          urls.add(jar.toUri().toURL());
        }
      }
    }
    return urls.toArray(new URL[0]);
  }
}
