package dev.customapiserver.schema.cel;

import dev.customapiserver.schema.StructuralSchema;

/**
 * kube's {@code ValidFieldPath}: a rule's {@code fieldPath} ({@code .spec.foo}, {@code .labels['a.b']})
 * checked against the schema and printed as a field path relative to the rule's node.
 */
public final class FieldPaths {
  /** The normalised path (empty when none was given) and the schema it names, or the reason it is invalid. */
  public record Result(String path, String error, StructuralSchema schema) {
    static final Result NONE = new Result("", null);

    Result(String path, String error) {
      this(path, error, null);
    }
  }

  private FieldPaths() {}

  /** {@code jsonPath} checked against {@code schema} (also what CRD selectableFields are checked with). */
  public static Result parse(String jsonPath, StructuralSchema schema) {
    if (jsonPath == null || jsonPath.isEmpty()) {
      return Result.NONE;
    }
    StringBuilder out = new StringBuilder();
    StructuralSchema s = schema;
    int i = 0;
    int n = jsonPath.length();
    try {
      while (i < n) {
        char c = jsonPath.charAt(i);
        String name;
        if (c == '.') {
          int j = i + 1;
          while (j < n && jsonPath.charAt(j) != '.' && jsonPath.charAt(j) != '[' && jsonPath.charAt(j) != ']') {
            j++;
          }
          if (j == i + 1) {
            return new Result("", "unexpected end of JSON path");
          }
          name = jsonPath.substring(i + 1, j);
          i = j;
        } else if (c == '[') {
          if (i + 1 >= n || jsonPath.charAt(i + 1) != '\'') {
            int j = i + 1;
            while (j < n && ".[]".indexOf(jsonPath.charAt(j)) < 0) {
              j++;
            }
            return new Result("", "expected single quoted string but got " + jsonPath.substring(i + 1, j));
          }
          int j = i + 2;
          while (j < n && !(jsonPath.charAt(j) == '\'' && jsonPath.charAt(j - 1) != '\\')) {
            j++;
          }
          if (j >= n) {
            return new Result("", "unexpected end of JSON path");
          }
          name = unescape(jsonPath.substring(i + 2, j));
          if (j + 1 >= n || jsonPath.charAt(j + 1) != ']') {
            return new Result("", "expected ] but got " + (j + 1 >= n ? "" : String.valueOf(jsonPath.charAt(j + 1))));
          }
          i = j + 2;
        } else {
          return new Result("", "expected [ or . but got: " + jsonPath.substring(i));
        }
        if (s == null) {
          return new Result("", "does not refer to a valid field");
        }
        if (!s.properties().isEmpty()) {
          StructuralSchema p = s.properties().get(name);
          if (p == null) {
            return new Result("", "does not refer to a valid field");
          }
          out.append(out.length() == 0 ? "" : ".").append(name);
          s = p;
        } else if (s.additionalProperties() != null) {
          out.append("[").append(name).append("]");
          s = s.additionalProperties();
        } else {
          return new Result("", "does not refer to a valid field");
        }
      }
    } catch (IllegalArgumentException e) {
      return new Result("", "invalid string literal: " + e.getMessage());
    }
    return new Result(out.toString(), null, s);
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (++i >= s.length()) {
        throw new IllegalArgumentException("invalid escape char \\");
      }
      char d = s.charAt(i);
      out.append(switch (d) {
        case 'a' -> '\u0007';
        case 'b' -> '\b';
        case 'f' -> '\f';
        case 'n' -> '\n';
        case 'r' -> '\r';
        case 't' -> '\t';
        case 'v' -> '\u000b';
        case '\'' -> '\'';
        case '\\' -> '\\';
        default -> throw new IllegalArgumentException("invalid escape char \\" + d);
      });
    }
    return out.toString();
  }
}
