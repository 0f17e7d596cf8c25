package dev.customapiserver.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@link Option}'s resolved value (flag &gt; environment &gt; YAML &gt; default), read with the
 * type the caller needs. A room that adds a setting adds an {@link Option} constant and reads it
 * here; nothing else in this package changes. Parse errors are {@link ConfigException}s naming where
 * the value came from, worded as kube-apiserver's flag errors.
 */
public final class Flags {
  private final Map<Option, Setting> settings;

  Flags(Map<Option, Setting> settings) {
    this.settings = new EnumMap<>(settings);
  }

  /** Every option at its default (for code that builds a {@link ServerConfig} by hand, e.g. tests). */
  public static Flags defaults() {
    return with(Map.of());
  }

  /** Defaults overridden by {@code values} (as if given on the command line). */
  public static Flags with(Map<Option, String> values) {
    Map<Option, Setting> s = new EnumMap<>(Option.class);
    for (Option o : Option.values()) {
      String v = values.get(o);
      s.put(o, v != null ? new Setting(v, o.flag(), null) : new Setting(o.defaultValue(), "default of " + o.flag(), null));
    }
    return new Flags(s);
  }

  /** The raw value, trimmed; empty when unset. */
  public String string(Option o) {
    return settings.get(o).value().trim();
  }

  /** The raw value, or empty when unset or blank. */
  public Optional<String> optional(Option o) {
    return Optional.of(string(o)).filter(v -> !v.isEmpty());
  }

  /** {@code true} or {@code false}. */
  public boolean bool(Option o) {
    Setting s = settings.get(o);
    String v = s.value().trim().toLowerCase(Locale.ROOT);
    if (v.equals("true") || v.equals("false")) {
      return Boolean.parseBoolean(v);
    }
    throw ConfigException.invalid("invalid value \"" + s.value() + "\" for " + s.origin() + ": true or false is required");
  }

  /** A whole number of at least {@code min}. */
  public int integer(Option o, int min) {
    Setting s = settings.get(o);
    try {
      int n = Integer.parseInt(s.value().trim());
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ConfigException.invalid("invalid value \"" + s.value() + "\" for " + s.origin()
        + ": a whole number of at least " + min + " is required");
  }

  /** A Go duration as kube's flags take them ({@code 10s}, {@code 1m30s}, {@code 1h}, {@code 500ms}, {@code 0}). */
  public Duration duration(Option o) {
    Setting s = settings.get(o);
    return GoDuration.parse(s.value().trim()).orElseThrow(() -> ConfigException.invalid("invalid value \""
        + s.value() + "\" for " + s.origin() + ": time: invalid duration \"" + s.value().trim() + "\""));
  }

  /** A path, resolved against the YAML file's folder when it came from YAML; empty when unset. */
  public Optional<Path> path(Option o) {
    Setting s = settings.get(o);
    if (s.value().isBlank()) {
      return Optional.empty();
    }
    Path p = Path.of(s.value().trim());
    return Optional.of(s.baseDir() == null || p.isAbsolute() ? p : s.baseDir().resolve(p));
  }

  /** A comma list; blanks and empty entries dropped, duplicates removed, order kept. */
  public List<String> list(Option o) {
    return Arrays.stream(settings.get(o).value().split(",")).map(String::trim).filter(n -> !n.isEmpty()).distinct().toList();
  }

  /** Whether {@code o} was left at its default (no flag, environment variable or config file set it). */
  public boolean isDefault(Option o) {
    return settings.get(o).origin().startsWith("default of ");
  }

  /** Where the value came from ({@code --flag}, {@code $CUSTOM_APISERVER_...}, a YAML file, or its default), for messages. */
  public String origin(Option o) {
    return settings.get(o).origin();
  }
}
