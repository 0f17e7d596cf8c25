package dev.customapiserver.server.config;

import java.util.stream.Stream;

/** The text {@code --help} prints. */
public final class Usage {
  private Usage() {}

  public static String text() {
    StringBuilder b = new StringBuilder()
        .append("Usage: java -jar custom-apiserver.war [flags]\n\n")
        .append("A Kubernetes-style API server. On first start it creates, under the data directory, a CA and\n")
        .append("serving certificate, an admin token and a kubeconfig for kubectl.\n\nFlags:\n");
    Stream.of(Option.values()).forEach(o -> {
      String left = "  " + o.flag() + " " + o.metavar();
      b.append(String.format("%-36s %s", left, o.help()));
      if (!o.defaultValue().isEmpty()) {
        b.append(" (default ").append(o.defaultValue()).append(')');
      }
      b.append('\n');
    });
    b.append(String.format("%-36s %s%n", "  -h, --help", "Print this help."))
        .append("\nEvery flag can also be set by the environment variable ").append(Option.ENV_PREFIX)
        .append("<FLAG NAME>\n(upper case, '-' as '_', e.g. ").append(Option.DATA_DIR.envName())
        .append(") and, except --config, by the key of the flag's name in the\n")
        .append("YAML file given by --config. Precedence: flags > environment > YAML > defaults.\n");
    return b.toString();
  }
}
