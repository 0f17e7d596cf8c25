package dev.customapiserver.api.selectors;

import dev.customapiserver.api.errors.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed field selector: comma-joined {@code field=value}, {@code field==value}, {@code field!=value}.
 * Which fields exist is the resource's business: {@link #requireKnown} rejects others with 400.
 */
public final class FieldSelector {
  private static final FieldSelector EVERYTHING = new FieldSelector(List.of());

  private record Term(String field, boolean equals, String value) {}

  private final List<Term> terms;

  private FieldSelector(List<Term> terms) {
    this.terms = List.copyOf(terms);
  }

  public static FieldSelector everything() {
    return EVERYTHING;
  }

  /** Parses a {@code fieldSelector} parameter; blank selects everything. */
  public static FieldSelector parse(String selector) {
    if (selector == null || selector.isBlank()) {
      return EVERYTHING;
    }
    List<Term> terms = new ArrayList<>();
    for (String part : splitTerms(selector)) {
      String p = part.trim();
      int ne = p.indexOf("!=");
      int eq = p.indexOf('=');
      if (ne >= 0 && ne <= eq) {
        terms.add(new Term(p.substring(0, ne).trim(), false, unescape(p.substring(ne + 2).trim())));
      } else if (eq >= 0) {
        int valueStart = p.startsWith("==", eq) ? eq + 2 : eq + 1;
        terms.add(new Term(p.substring(0, eq).trim(), true, unescape(p.substring(valueStart).trim())));
      } else {
        throw Errors.badRequest("invalid selector: '" + selector + "'; can't understand '" + p + "'");
      }
    }
    return new FieldSelector(terms);
  }

  /** 400 for a field the resource does not support, as kube-apiserver words it. */
  public FieldSelector requireKnown(Set<String> known) {
    for (Term t : terms) {
      if (!known.contains(t.field())) {
        throw Errors.badRequest("field label not supported: " + t.field());
      }
    }
    return this;
  }

  public boolean isEverything() {
    return terms.isEmpty();
  }

  /** The value this selector requires for {@code field} with {@code =}, if any (for fast paths like metadata.name). */
  public String requiredValue(String field) {
    return terms.stream().filter(t -> t.equals() && t.field().equals(field)).map(Term::value).findFirst().orElse(null);
  }

  public boolean matches(Map<String, String> fields) {
    for (Term t : terms) {
      String v = fields.getOrDefault(t.field(), "");
      if (t.equals() != v.equals(t.value())) {
        return false;
      }
    }
    return true;
  }

  private static List<String> splitTerms(String s) {
    List<String> parts = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        cur.append(c).append(s.charAt(++i));
      } else if (c == ',') {
        parts.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    parts.add(cur.toString());
    return parts;
  }

  private static String unescape(String v) {
    return v.replace("\\,", ",").replace("\\=", "=").replace("\\\\", "\\");
  }
}
