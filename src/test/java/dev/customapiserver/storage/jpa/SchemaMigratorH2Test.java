package dev.customapiserver.storage.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Schema migration on H2")
class SchemaMigratorH2Test extends SchemaMigratorContract {
  @TempDir
  Path dir;
  private int databases;

  @Override
  DatabaseSettings database() {
    return DatabaseSettings.h2File(dir.resolve("d" + databases++));
  }

  @Test
  @DisplayName("every vendor's folder holds migrations 1 to SchemaMigrator.MIGRATIONS, so the up-to-date check knows them all")
  void foldersMatchTheCount() throws IOException {
    List<Integer> expected = IntStream.rangeClosed(1, SchemaMigrator.MIGRATIONS).boxed().toList();
    for (String vendor : List.of("h2", "postgresql", "mariadb")) {
      try (Stream<Path> files = Files.list(Path.of("db/migration", vendor))) {
        assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V\\d+__.*\\.sql"))
            .map(n -> Integer.parseInt(n.substring(1, n.indexOf("__")))).sorted().toList()).as(vendor).isEqualTo(expected);
      }
    }
  }
}
