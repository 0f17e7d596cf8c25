package dev.customapiserver.server.config;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The flags of one command line, parsed as kube-apiserver's: {@code --name=value} or {@code --name
 * value}; {@code -h}/{@code --help}. Anything else is a usage error.
 */
public record CommandLine(Map<Option, String> values, boolean help) {
  public CommandLine {
    values = values.isEmpty() ? Map.of() : new EnumMap<>(values);
  }

  /** Parses {@code args}; throws a usage {@link ConfigException} on unknown flags or missing values. */
  public static CommandLine parse(List<String> args) {
    Map<Option, String> values = new EnumMap<>(Option.class);
    boolean help = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (arg.equals("-h") || arg.equals("--help")) {
        help = true;
        continue;
      }
      if (!arg.startsWith("--") || arg.length() == 2) {
        throw ConfigException.usage("unexpected argument \"" + arg + "\": this command takes only flags");
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
      Option option = Option.byFlagName(name)
          .orElseThrow(() -> ConfigException.usage("unknown flag: --" + name));
      String value;
      if (eq >= 0) {
        value = arg.substring(eq + 1);
      } else if (option.isBoolean()) {
        value = "true";
      } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
        value = args.get(++i);
      } else {
        throw ConfigException.usage("flag needs an argument: " + option.flag());
      }
      values.put(option, value);
    }
    return new CommandLine(values, help);
  }

  public Optional<String> get(Option option) {
    return Optional.ofNullable(values.get(option));
  }
}
