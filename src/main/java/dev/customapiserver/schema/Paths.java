package dev.customapiserver.schema;

/** Field paths as kube's {@code field.Path} prints them: {@code a.b}, {@code a[key]}, {@code a[0]}. */
final class Paths {
  private Paths() {}

  static String child(String base, String name) {
    return base.isEmpty() ? name : base + "." + name;
  }

  static String key(String base, String key) {
    return base + "[" + key + "]";
  }

  static String index(String base, int i) {
    return base + "[" + i + "]";
  }
}
