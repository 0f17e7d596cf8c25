package dev.customapiserver.server;

import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * kube-apiserver's {@code --runtime-config} (k8s.io/apiserver's {@code resourceconfig}): which
 * group/versions of the built-in groups are served. {@code api/all}, {@code api/ga}, {@code api/beta}
 * and {@code api/alpha} switch every version of their kind ({@code true}/{@code false} only), in that
 * order; then {@code <group>/<version>} (also written {@code apis/<group>/<version>}) switches one
 * version (an empty value is {@code true}; Go's boolean spellings). A version turned off is not in
 * discovery and its paths answer 404; its objects stay in storage. The core group's {@code v1} stays
 * on: the server needs its Namespaces.
 */
final class RuntimeConfig {
  private static final Pattern GA = Pattern.compile("v\\d+");
  private static final Pattern BETA = Pattern.compile("v\\d+beta\\d+");
  private static final Pattern ALPHA = Pattern.compile("v\\d+alpha\\d+");
  private static final Map<String, Predicate<String>> MATCHERS = new LinkedHashMap<>();

  static {
    MATCHERS.put("api/all", v -> true);
    MATCHERS.put("api/ga", v -> GA.matcher(v).matches());
    MATCHERS.put("api/beta", v -> BETA.matcher(v).matches());
    MATCHERS.put("api/alpha", v -> ALPHA.matcher(v).matches());
  }

  /** The group/versions switched off. */
  private final Set<String> disabled;

  private RuntimeConfig(Set<String> disabled) {
    this.disabled = disabled;
  }

  /**
   * Reads {@code --runtime-config} against the groups the server has.
   *
   * @throws ConfigException with kube-apiserver's words for an unknown group, an unregistered version,
   *     a bad value or {@code api/all=false} alone
   */
  static RuntimeConfig of(Flags flags, List<ApiGroup> groups) {
    Map<String, String> entries = new LinkedHashMap<>();
    for (String item : flags.list(Option.RUNTIME_CONFIG)) {
      int eq = item.indexOf('=');
      entries.put(eq < 0 ? item : item.substring(0, eq), eq < 0 ? "" : item.substring(eq + 1));
    }
    if (entries.size() == 1 && "false".equals(entries.get("api/all"))) {
      throw ConfigException.invalid("invalid runtime-config with only api/all=false");
    }
    Map<String, Boolean> enabled = new LinkedHashMap<>();
    List<String> all = new ArrayList<>();
    groups.stream().filter(g -> !g.name().isEmpty())
        .forEach(g -> g.versions().forEach(v -> all.add(g.name() + "/" + v)));
    MATCHERS.forEach((key, matches) -> {
      String value = entries.get(key);
      if (value == null) {
        return;
      }
      if (!value.equals("true") && !value.equals("false")) {
        throw ConfigException.invalid("invalid value " + key + "=" + value);
      }
      all.stream().filter(gv -> matches.test(gv.substring(gv.indexOf('/') + 1)))
          .forEach(gv -> enabled.put(gv, value.equals("true")));
    });
    Set<String> unknown = new TreeSet<>();
    for (Map.Entry<String, String> e : entries.entrySet()) {
      String key = e.getKey();
      if (MATCHERS.containsKey(key) || key.equals("api/legacy")) {
        continue; // api/legacy: deprecated in kube, nothing to switch here
      }
      String gv = groupVersion(key);
      String group = gv.substring(0, gv.indexOf('/'));
      if (group.isEmpty()) {
        if (!bool(key, e.getValue())) {
          throw ConfigException.invalid("invalid runtime-config " + key + "=" + e.getValue()
              + ": the core group's v1 cannot be turned off, the server needs its namespaces");
        }
        continue;
      }
      if (groups.stream().noneMatch(g -> g.name().equals(group))) {
        unknown.add(gv);
        continue;
      }
      if (!all.contains(gv)) {
        throw ConfigException.invalid("group version " + gv + " that has not been registered");
      }
      enabled.put(gv, bool(key, e.getValue()));
    }
    if (!unknown.isEmpty()) {
      throw ConfigException.invalid("unknown api groups " + String.join(",", unknown));
    }
    Set<String> off = new TreeSet<>();
    enabled.forEach((gv, on) -> {
      if (!on) {
        off.add(gv);
      }
    });
    return new RuntimeConfig(off);
  }

  /** {@code <group>/<version>} of a key: {@code v1} and {@code api/v1} are the core group's. */
  private static String groupVersion(String key) {
    String k = key.startsWith("apis/") ? key.substring("apis/".length()) : key;
    if (k.equals("v1") || k.equals("api/v1")) {
      return "/v1";
    }
    String[] tokens = k.split("/", -1);
    if (tokens.length == 3) {
      throw ConfigException.invalid("runtime-config key " + key + ": switching single resources "
          + "(<group>/<version>/<resource>) is not supported; switch the group/version");
    }
    if (tokens.length != 2 || tokens[0].isEmpty() || tokens[1].isEmpty()) {
      throw ConfigException.invalid("runtime-config invalid key " + key);
    }
    return tokens[0] + "/" + tokens[1];
  }

  /** Go's strconv.ParseBool; empty is true, as kube reads {@code --runtime-config=group/version}. */
  private static boolean bool(String key, String value) {
    return switch (value) {
      case "", "1", "t", "T", "TRUE", "true", "True" -> true;
      case "0", "f", "F", "FALSE", "false", "False" -> false;
      default -> throw ConfigException.invalid("invalid value of " + key + ": " + value + ", err: strconv.ParseBool: "
          + "parsing \"" + value + "\": invalid syntax");
    };
  }

  /** The groups with the versions turned off removed from what they serve. */
  List<ApiGroup> apply(List<ApiGroup> groups) {
    if (disabled.isEmpty()) {
      return groups;
    }
    return groups.stream().map(g -> g.servedOnlyIn(v -> !disabled.contains(g.name() + "/" + v))).toList();
  }

  /** The group/versions turned off, e.g. {@code wardle.example.com/v1alpha1}. */
  Set<String> disabled() {
    return disabled;
  }

  @Override
  public String toString() {
    return "RuntimeConfig" + disabled.toString().toLowerCase(Locale.ROOT);
  }
}
