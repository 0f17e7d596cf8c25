package dev.customapiserver.apis.rbac;

import java.util.List;
import java.util.stream.Collectors;

/** Go's {@code %q} of a string slice: {@code ["a" "b"]}, as kube's RBAC messages print lists. */
public final class GoQuoted {
  private GoQuoted() {}

  public static String list(List<String> values) {
    return values.stream().map(GoQuoted::string).collect(Collectors.joining(" ", "[", "]"));
  }

  public static String string(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        default -> b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
