package dev.customapiserver.server.config;

/**
 * The settings cannot be used. {@link #usageError()} tells a mistake on the command line (the
 * launcher prints the usage and exits with code 2) from a bad value or file.
 */
public final class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final boolean usageError;

  ConfigException(String message, boolean usageError) {
    super(message);
    this.usageError = usageError;
  }

  static ConfigException usage(String message) {
    return new ConfigException(message, true);
  }

  /** A bad value or file (also raised by the server wiring, e.g. for an unknown admission plugin). */
  public static ConfigException invalid(String message) {
    return new ConfigException(message, false);
  }

  public boolean usageError() {
    return usageError;
  }
}
