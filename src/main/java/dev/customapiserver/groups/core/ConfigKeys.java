package dev.customapiserver.groups.core;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.core.ConfigMap;
import dev.customapiserver.apis.core.Secret;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The keys and size of ConfigMap and Secret data, as kube-apiserver checks them: a key is at most 253
 * characters of {@code [-._a-zA-Z0-9]}, not {@code .} or {@code ..} nor starting with {@code ..};
 * all values together at most {@value #MAX_SIZE} bytes (1 MiB).
 */
public final class ConfigKeys {
  /** kube's MaxSecretSize, which ConfigMaps share. */
  static final int MAX_SIZE = 1024 * 1024;
  private static final String KEY = "[-._a-zA-Z0-9]+";
  private static final Pattern KEY_P = Pattern.compile(KEY);

  private ConfigKeys() {}

  /** What is wrong with {@code key} (kube's IsConfigMapKey), empty when valid. */
  static List<String> problems(String key) {
    List<String> errs = new ArrayList<>();
    if (key.length() > 253) {
      errs.add("must be no more than 253 characters");
    }
    if (!KEY_P.matcher(key).matches()) {
      errs.add("a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or "
          + "'KEY_NAME',  or 'key-name', regex used for validation is '" + KEY + "')");
    }
    if (key.equals(".")) {
      errs.add("must not be '.'");
    } else if (key.equals("..")) {
      errs.add("must not be '..'");
    } else if (key.startsWith("..")) {
      errs.add("must not start with '..'");
    }
    return errs;
  }

  /** The key errors of one map, at {@code path[key]}. */
  static void check(String path, Map<String, ?> data, List<FieldError> errors) {
    if (data != null) {
      data.keySet().forEach(k -> problems(k).forEach(p -> errors.add(FieldError.invalid(path + "[" + k + "]", k, p))));
    }
  }

  static long stringSize(Map<String, String> data) {
    return data == null ? 0 : data.values().stream().mapToLong(v -> v == null ? 0 : v.getBytes(StandardCharsets.UTF_8).length).sum();
  }

  static long bytesSize(Map<String, byte[]> data) {
    return data == null ? 0 : data.values().stream().mapToLong(v -> v == null ? 0 : v.length).sum();
  }

  /** Whether two maps of bytes hold the same keys and contents. */
  static boolean sameBytes(Map<String, byte[]> a, Map<String, byte[]> b) {
    Map<String, byte[]> x = a == null ? Map.of() : a;
    Map<String, byte[]> y = b == null ? Map.of() : b;
    return x.size() == y.size() && x.entrySet().stream()
        .allMatch(e -> y.containsKey(e.getKey()) && Arrays.equals(e.getValue(), y.get(e.getKey())));
  }
}
