package dev.customapiserver.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.customapiserver.server.config.Option;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the build can check of the user documentation without a server: README.md is a front page,
 * links and anchors resolve, YAML decodes, the flags shown exist, no work notes. The console
 * sessions are played by {@code DocumentationSessionsIT}.
 */
@DisplayName("Documentation: README.md, docs/ and server-config/ say what is true")
class DocumentationTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern WAR_FLAG = Pattern.compile("(?<=\\s)--([a-z0-9][a-z0-9-]*)");
  private final List<MarkdownPage> pages = MarkdownPage.all();

  @Test
  @DisplayName("README.md is a front page of at most 300 lines linking every guide in docs/")
  void readmeIsAFrontPage() throws IOException {
    MarkdownPage readme = pages.get(0);
    assertThat(readme.lines()).as("README.md's lines").hasSizeLessThanOrEqualTo(300);
    try (Stream<Path> guides = Files.list(Path.of("docs")).filter(p -> p.toString().endsWith(".md"))) {
      List<String> unlinked = guides.map(p -> "docs/" + p.getFileName())
          .filter(g -> !String.join("\n", readme.lines()).contains("](" + g + ")")).sorted().toList();
      assertThat(unlinked).as("guides the README's map does not link").isEmpty();
    }
  }

  @Test
  @DisplayName("every relative link names a file that exists, and every anchor a heading of that file")
  void linksResolve() {
    List<String> broken = new ArrayList<>();
    for (MarkdownPage page : pages) {
      Matcher m = LINK.matcher(String.join("\n", page.lines()));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
          continue; // a web address
        }
        String file = target.replaceFirst("#.*$", "");
        Path to = file.isEmpty() ? page.path() : page.path().getParent().resolve(file).normalize();
        if (!Files.exists(to)) {
          broken.add(page.name() + ": " + target);
        } else if (target.contains("#") && to.toString().endsWith(".md")
            && !MarkdownPage.read(to).anchors().contains(target.substring(target.indexOf('#') + 1))) {
          broken.add(page.name() + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(broken).as("links that do not resolve").isEmpty();
  }

  @Test
  @DisplayName("user documentation carries no work notes: no issue numbers or measurement rounds")
  void noWorkNotes() {
    Pattern note = Pattern.compile("(?i)\\bissues?\\s+#?\\d+|\\bround\\s+\\d+\\b|\\(issue\\b");
    List<String> found = new ArrayList<>();
    for (MarkdownPage page : pages) {
      for (int i = 0; i < page.lines().size(); i++) {
        if (note.matcher(page.lines().get(i)).find()) {
          found.add(page.name() + ":" + (i + 1) + ": " + page.lines().get(i).strip());
        }
      }
    }
    assertThat(found).as("lines that read as work notes").isEmpty();
  }

  @Test
  @DisplayName("every yaml block decodes")
  void yamlDecodes() {
    YAMLMapper yaml = new YAMLMapper();
    List<String> bad = new ArrayList<>();
    for (MarkdownPage page : pages) {
      for (MarkdownPage.Block block : page.blocks()) {
        if (!Set.of("yaml", "yml").contains(block.language()) || block.skipped()) {
          continue;
        }
        try (MappingIterator<JsonNode> docs = yaml.readerFor(JsonNode.class).readValues(block.text())) {
          docs.readAll();
        } catch (IOException | RuntimeException e) {
          bad.add(page.name() + ":" + block.line() + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
      }
    }
    assertThat(bad).as("yaml blocks that do not decode").isEmpty();
  }

  @Test
  @DisplayName("every flag given to custom-apiserver.war in a command exists in --help")
  void flagsExist() {
    Set<String> known = Stream.of(Option.values()).flatMap(o -> Stream.concat(Stream.of(o.flagName()), o.aliases().stream()))
        .collect(Collectors.toSet());
    known.add("help");
    List<String> unknown = new ArrayList<>();
    for (MarkdownPage page : pages) {
      for (MarkdownPage.Block block : page.blocks()) {
        for (String command : block.text().replace("\\\n", " ").split("\n")) {
          int war = command.indexOf("custom-apiserver.war");
          String args = war < 0 ? "" : command.substring(war + "custom-apiserver.war".length()).strip();
          if (war < 0 || block.skipped() || args.matches("^[a-z].*")) {
            continue; // no server command line, or a subcommand such as `kubeconfig` with its own flags
          }
          Matcher m = WAR_FLAG.matcher(command.substring(war).replaceFirst("\\s#.*$", "").split("\\s(\\||&&|;|&)(\\s|$)")[0]);
          while (m.find()) {
            if (!known.contains(m.group(1))) {
              unknown.add(page.name() + ":" + block.line() + ": --" + m.group(1));
            }
          }
        }
      }
    }
    assertThat(unknown).as("flags the server does not know").isEmpty();
  }

  @Test
  @DisplayName("every console block is a session: commands after '$ ' and what they print")
  void consoleBlocksAreSessions() {
    List<String> bad = new ArrayList<>();
    for (MarkdownPage page : pages) {
      for (MarkdownPage.Block block : page.blocks()) {
        if (block.language().equals("console") && ConsoleSession.parse(block.lines()).steps().isEmpty()) {
          bad.add(page.name() + ":" + block.line());
        }
      }
    }
    assertThat(bad).as("console blocks without a '$ ' command").isEmpty();
  }
}
