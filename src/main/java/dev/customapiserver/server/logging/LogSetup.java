package dev.customapiserver.server.logging;

import java.util.Locale;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** Installs {@code --logging-format} on the JDK's root logger (where {@link System.Logger} ends up). */
public final class LogSetup {
  private LogSetup() {}

  /** The formatter of {@code format}: {@code text} (one line per record) or {@code json}. */
  public static Formatter formatter(String format) {
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "json" -> new JsonFormatter();
      case "text" -> new SimpleFormatter();
      default -> throw new IllegalArgumentException("invalid value \"" + format
          + "\" for --logging-format: must be text or json");
    };
  }

  /**
   * Logs of this process go to stderr in {@code format}. For {@code json}, libraries that log
   * through Jetty's own logger (Flyway, Jetty) are limited to warnings, which they print in their
   * own one-line format.
   */
  public static void apply(String format) {
    Formatter formatter = formatter(format);
    Logger root = Logger.getLogger("");
    for (Handler h : root.getHandlers()) {
      root.removeHandler(h);
    }
    ConsoleHandler console = new ConsoleHandler();
    console.setFormatter(formatter);
    root.addHandler(console);
    if (formatter instanceof JsonFormatter && System.getProperty("org.flywaydb.LEVEL") == null) {
      System.setProperty("org.flywaydb.LEVEL", "WARN");
    }
  }

  /** The formatter records reach stderr with now (to print the same way after the log system was reset). */
  public static Formatter current() {
    for (Handler h : Logger.getLogger("").getHandlers()) {
      if (h.getFormatter() != null) {
        return h.getFormatter();
      }
    }
    return new SimpleFormatter();
  }
}
