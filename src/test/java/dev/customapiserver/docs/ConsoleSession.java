package dev.customapiserver.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A {@code console} block: commands after {@code $ }, each followed by the output the reader should
 * see. Expected lines must appear in the output in that order (other output lines may come between
 * them); runs of spaces compare as one, and {@code ...} stands for any text within a line. A
 * command's here-document ({@code <<'YAML'} ... {@code YAML}) belongs to the command.
 */
record ConsoleSession(List<Step> steps) {
  private static final Pattern HEREDOC = Pattern.compile("<<-?\\s*'?([A-Za-z_]+)'?");

  /** One command and the lines it should print; {@code fails} when the page shows kubectl's error. */
  record Step(String command, List<String> expected) {
    boolean fails() {
      return expected.stream().anyMatch(l -> l.startsWith("Error from server") || l.startsWith("error:")
          || l.matches("^The \\S+ \"[^\"]*\" is invalid: .*"))
          || (command.contains("auth can-i") && expected.equals(List.of("no")));
    }

    /** The first expected line the output does not show in order, or null when all are there. */
    String firstMissing(String output) {
      List<String> actual = output.lines().map(ConsoleSession::normalize).toList();
      int at = 0;
      for (String want : expected) {
        Pattern p = pattern(want);
        while (at < actual.size() && !p.matcher(actual.get(at)).matches()) {
          at++;
        }
        if (at == actual.size()) {
          return want;
        }
        at++;
      }
      return null;
    }
  }

  static ConsoleSession parse(List<String> lines) {
    List<Step> steps = new ArrayList<>();
    String command = null;
    String heredoc = null;
    List<String> expected = new ArrayList<>();
    for (String line : lines) {
      if (heredoc != null) { // the here-document of the command: part of it, up to its delimiter
        command = command + "\n" + line;
        heredoc = line.strip().equals(heredoc) ? null : heredoc;
      } else if (line.startsWith("$ ")) {
        if (command != null) {
          steps.add(new Step(command, List.copyOf(expected)));
        }
        command = line.substring(2);
        expected.clear();
        java.util.regex.Matcher h = HEREDOC.matcher(command);
        heredoc = h.find() ? h.group(1) : null;
      } else if (command != null && command.endsWith("\\") && expected.isEmpty()) {
        command = command + "\n" + line;
      } else if (command != null && !line.isBlank()) {
        expected.add(line);
      }
    }
    if (command != null) {
      steps.add(new Step(command, List.copyOf(expected)));
    }
    return new ConsoleSession(steps);
  }

  static String normalize(String line) {
    return line.strip().replaceAll("\\s+", " ");
  }

  private static Pattern pattern(String expected) {
    String[] parts = normalize(expected).split("\\.\\.\\.", -1);
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      regex.append(i > 0 ? ".*" : "").append(Pattern.quote(parts[i].strip()));
    }
    return Pattern.compile("\\s*" + regex.toString().replace("\\Q\\E", "") + "\\s*");
  }
}
