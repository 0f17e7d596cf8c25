package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.StorageFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Resolves {@link DatabaseSettings} and {@link StorageFixture} parameters to a fresh H2 file database in a temporary directory. */
final class H2Databases implements ParameterResolver {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(H2Databases.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DatabaseSettings.class || type == StorageFixture.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    try {
      Path dir = Files.createTempDirectory("apiserver-h2-");
      context.getStore(NS).put(dir.toString(), (AutoCloseable) () -> delete(dir));
      DatabaseSettings settings = DatabaseSettings.h2File(dir);
      // an H2 file database is locked to one process: several server processes need PostgreSQL or MariaDB
      return parameter.getParameter().getType() == StorageFixture.class ? new JpaFixture(settings, false) : settings;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
