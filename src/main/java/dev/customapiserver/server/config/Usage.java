package dev.customapiserver.server.config;

import java.util.List;
import java.util.stream.Stream;

/** The text {@code --help} prints: the flags under their {@link Section} headings, as kube-apiserver prints them. */
public final class Usage {
  private static final int WIDTH = 100;

  private Usage() {}

  public static String text() {
    StringBuilder b = new StringBuilder()
        .append("Usage: java -jar custom-apiserver.war [flags]\n\n")
        .append("A Kubernetes-style API server. On first start it creates, under the data directory, a CA and\n")
        .append("serving certificate, an admin token and a kubeconfig for kubectl.\n");
    for (Section section : Section.values()) {
      List<Option> options = Stream.of(Option.values()).filter(o -> o.section() == section).toList();
      if (options.isEmpty()) {
        continue;
      }
      b.append('\n').append(section.heading()).append(":\n\n");
      options.forEach(o -> flag(b, o));
    }
    b.append("\nGlobal flags:\n\n");
    b.append("  -h, --help\n").append(wrap("Print this help.")).append('\n');
    b.append("Every flag can also be set by the environment variable ").append(Option.ENV_PREFIX)
        .append("<FLAG NAME>\n(upper case, '-' as '_', e.g. ").append(Option.DATA_DIR.envName())
        .append(") and, except --config, by the key of the flag's name in the\n")
        .append("YAML file given by --config. Precedence: flags > environment > YAML > defaults.\n");
    return b.toString();
  }

  private static void flag(StringBuilder b, Option o) {
    b.append("  ").append(o.flag());
    o.aliases().forEach(a -> b.append(", --").append(a));
    b.append(' ').append(o.metavar()).append('\n');
    String help = o.help() + (o.defaultValue().isEmpty() ? "" : " (default " + o.defaultValue() + ")");
    b.append(wrap(help));
  }

  /** {@code text} in lines of at most {@link #WIDTH} characters, indented as kube's help. */
  private static String wrap(String text) {
    String indent = "        ";
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split(" ")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        out.append(line).append('\n');
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    return out.append(line).append('\n').toString();
  }
}
