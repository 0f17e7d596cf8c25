package dev.customapiserver.server.embedded;

import dev.customapiserver.server.config.CommandLine;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.config.Usage;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.logging.LogSetup;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The command line: {@code --help} prints the usage (exit 0); a bad flag or setting prints the error
 * (and the usage for flag mistakes) and exits 2; a failure to start exits 1; otherwise the server
 * runs until stopped.
 */
final class Cli {
  static final int USAGE = 2;
  static final int FAILED = 1;

  /** Runs the server for a resolved configuration until it stops. */
  interface Runner {
    void run(ServerConfig config) throws Exception;
  }

  private Cli() {}

  static void main(String[] args) {
    defaultLogging();
    int code = run(List.of(args), System.getenv(), System.out, System.err, config -> {
      try {
        LogSetup.apply(config.flags().string(Option.LOGGING_FORMAT));
      } catch (IllegalArgumentException e) {
        throw ConfigException.invalid(e.getMessage());
      }
      try (EmbeddedServer server = EmbeddedServer.start(config)) {
        server.join();
      }
    });
    if (code != 0) {
      System.exit(code);
    }
  }

  static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err, Runner runner) {
    if (!args.isEmpty() && args.get(0).equals(KubeconfigCommand.NAME)) {
      return KubeconfigCommand.run(args.subList(1, args.size()), out, err);
    }
    ServerConfig config;
    try {
      CommandLine flags = CommandLine.parse(args);
      if (flags.help()) {
        out.print(Usage.text());
        return 0;
      }
      config = ConfigLoader.load(flags, env);
    } catch (ConfigException e) {
      err.println("Error: " + e.getMessage());
      if (e.usageError()) {
        err.println();
        err.print(Usage.text());
      }
      return USAGE;
    }
    try {
      runner.run(config);
      return 0;
    } catch (ConfigException e) {
      err.println("Error: " + e.getMessage());
      return USAGE;
    } catch (Exception | LinkageError e) {
      err.println("Error: the server could not start: " + describe(e));
      System.getLogger(Cli.class.getName()).log(System.Logger.Level.DEBUG, "start failed", e);
      return FAILED;
    }
  }

  private static String describe(Throwable e) {
    StringBuilder b = new StringBuilder(String.valueOf(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c.getMessage() != null && !b.toString().contains(c.getMessage())) {
        b.append(": ").append(c.getMessage());
      }
    }
    return b.toString();
  }

  /** One-line JDK log records and quiet Jetty, unless the user configured otherwise. */
  private static void defaultLogging() {
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tFT%1$tT.%1$tL %4$s %3$s - %5$s%6$s%n");
    }
    if (System.getProperty("org.eclipse.jetty.LEVEL") == null) {
      System.setProperty("org.eclipse.jetty.LEVEL", "WARN");
    }
  }
}
