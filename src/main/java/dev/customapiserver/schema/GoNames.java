package dev.customapiserver.schema;

import java.util.Set;
import java.util.regex.Pattern;

/** The Go names kube's messages use for the wire types, never the Java classes' names. */
public final class GoNames {
  private GoNames() {}

  /** The Go type name of a wire class ({@link #of(Class, Class, String)} without a root). */
  public static String of(Class<?> c) {
    return of(c, null, null);
  }

  /**
   * The Go type name of a wire class: the kind for the root; a class nested in another and named
   * {@code Spec}, {@code Status}, ... after its outer type ({@code TokenRequestSpec}); otherwise the
   * simple name without the version suffix ({@code SecretV1} → {@code Secret}, {@code
   * PizzaV1alpha1} → {@code Pizza}).
   */
  public static String of(Class<?> c, Class<?> root, String kind) {
    if (c == root && kind != null && !kind.isEmpty()) {
      return kind;
    }
    String simple = VERSION_SUFFIX.matcher(c.getSimpleName()).replaceFirst("");
    Class<?> outer = c.getEnclosingClass();
    if (outer != null && NESTED_AFTER_OUTER.contains(simple)) {
      return of(outer, root, kind) + simple;
    }
    return simple.isEmpty() ? c.getSimpleName() : simple;
  }

  /**
   * The name as Go's reflect prints a field's type: qualified by the Go package, which for the API
   * types is their version ({@code v1.LabelSelector}, {@code v1alpha1.PizzaSpec}); v1 where the class
   * names none (the hub and meta types).
   */
  public static String qualified(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      java.util.regex.Matcher m = VERSION_SUFFIX.matcher(k.getSimpleName());
      if (m.find() && m.start() > 0) {
        return m.group().toLowerCase(java.util.Locale.ROOT) + "." + of(c);
      }
    }
    return "v1." + of(c);
  }

  private static final Pattern VERSION_SUFFIX = Pattern.compile("V\\d+((alpha|beta)\\d*)?$");
  private static final Set<String> NESTED_AFTER_OUTER = Set.of("Spec", "Status", "Condition", "List");
}
