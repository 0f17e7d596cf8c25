package dev.customapiserver.schema.cel;

import java.util.Optional;
import java.util.Set;

/**
 * kube's escaping of property names in CEL: a name that is not a CEL identifier is reachable as
 * {@code __dash__}/{@code __dot__}/{@code __slash__}/{@code __underscores__} spelled, a reserved word as
 * {@code __word__}; names with other characters are not reachable from CEL at all.
 */
final class FieldNames {
  private static final Set<String> RESERVED = Set.of("true", "false", "null", "in", "as", "break", "const",
      "continue", "else", "for", "function", "if", "import", "let", "loop", "package", "namespace", "return",
      "var", "void", "while");

  private FieldNames() {}

  /** The CEL name of a property, or empty when CEL cannot name it. */
  static Optional<String> escape(String name) {
    if (name.isEmpty()) {
      return Optional.empty();
    }
    if (RESERVED.contains(name)) {
      return Optional.of("__" + name + "__");
    }
    if (!Character.isLetter(name.charAt(0)) && name.charAt(0) != '_') {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_' && i + 1 < name.length() && name.charAt(i + 1) == '_') {
        out.append("__underscores__");
        i++;
      } else if (c == '.') {
        out.append("__dot__");
      } else if (c == '-') {
        out.append("__dash__");
      } else if (c == '/') {
        out.append("__slash__");
      } else if (c < 128 && (Character.isLetterOrDigit(c) || c == '_')) {
        out.append(c);
      } else {
        return Optional.empty();
      }
    }
    return Optional.of(out.toString());
  }
}
