package dev.customapiserver.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A page of the user documentation as the build checks it: its fenced code blocks, each with its
 * info string and the {@code <!-- doc-test: ... -->} directive written on the line before its fence.
 */
record MarkdownPage(Path path, List<String> lines, List<Block> blocks) {
  private static final Pattern DIRECTIVE = Pattern.compile("^<!--\\s*doc-test:\\s*(.*?)\\s*-->\\s*$");

  /** A fenced block; {@code line} is the 1-based line of its opening fence. */
  record Block(String info, List<String> lines, int line, String directive) {
    String language() {
      return info.split("\\s+")[0];
    }

    String text() {
      return String.join("\n", lines) + "\n";
    }

    boolean skipped() {
      return directive.startsWith("skip");
    }
  }

  static MarkdownPage read(Path path) {
    try {
      List<String> lines = Files.readAllLines(path);
      List<Block> blocks = new ArrayList<>();
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (!line.startsWith("```")) {
          continue;
        }
        String info = line.substring(3).strip();
        int start = i;
        List<String> body = new ArrayList<>();
        for (i++; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
          body.add(lines.get(i));
        }
        Matcher d = start > 0 ? DIRECTIVE.matcher(lines.get(start - 1).strip()) : null;
        blocks.add(new Block(info, body, start + 1, d != null && d.matches() ? d.group(1) : ""));
      }
      return new MarkdownPage(path, lines, blocks);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** README.md and every Markdown file under docs/ and server-config/, relative to the checkout. */
  static List<MarkdownPage> all() {
    List<MarkdownPage> pages = new ArrayList<>(List.of(read(Path.of("README.md").toAbsolutePath())));
    for (String dir : List.of("docs", "server-config")) {
      try (Stream<Path> files = Files.walk(Path.of(dir).toAbsolutePath())) {
        files.filter(f -> f.toString().endsWith(".md")).sorted().map(MarkdownPage::read).forEach(pages::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return pages;
  }

  /** The GitHub anchors of this page's headings (outside code blocks). */
  List<String> anchors() {
    List<String> anchors = new ArrayList<>();
    boolean fenced = false;
    for (String line : lines) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.matches("^#{1,6} .*")) {
        anchors.add(anchor(line.replaceFirst("^#+ ", "")));
      }
    }
    return anchors;
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'. */
  static String anchor(String heading) {
    return heading.strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
  }

  String name() {
    return Path.of("").toAbsolutePath().relativize(path).toString();
  }
}
