package dev.customapiserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The user documentation's relative links resolve: every {@code [text](path)} in README.md, docs/ and
 * server-config/ that is not a web address names a file or folder of the checkout.
 */
@DisplayName("Documentation: every relative link resolves")
class DocumentationLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  @Test
  @DisplayName("README.md, docs/*.md and server-config/*.md link only to files that exist")
  void relativeLinksResolve() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      Matcher m = LINK.matcher(Files.readString(page));
      while (m.find()) {
        String target = m.group(1);
        if (target.startsWith("#") || target.matches("^[a-z][a-z0-9+.-]*:.*")) {
          continue; // an anchor of the page itself, or a web address
        }
        String path = target.replaceFirst("#.*$", "");
        if (!Files.exists(page.getParent().resolve(path))) {
          broken.add(page + ": " + target);
        }
      }
    }
    assertThat(broken).as("links to files that do not exist").isEmpty();
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md").toAbsolutePath()));
    for (String dir : List.of("docs", "server-config")) {
      if (Files.isDirectory(Path.of(dir))) {
        try (Stream<Path> files = Files.walk(Path.of(dir).toAbsolutePath())) {
          files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
      }
    }
    return pages;
  }
}
