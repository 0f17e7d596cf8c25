package dev.customapiserver.api.selectors;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.validation.NameRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A parsed label selector with the full grammar: {@code k=v}, {@code k==v}, {@code k!=v},
 * {@code k in (a,b)}, {@code k notin (a,b)}, {@code k}, {@code !k}, {@code k>1}, {@code k<1}, joined by commas.
 * A malformed selector is a 400 BadRequest saying what was found and what was expected.
 */
public final class LabelQuery {
  private static final LabelQuery EVERYTHING = new LabelQuery(List.of());
  private final List<Requirement> requirements;

  private LabelQuery(List<Requirement> requirements) {
    this.requirements = List.copyOf(requirements);
  }

  public static LabelQuery everything() {
    return EVERYTHING;
  }

  /** Parses a {@code labelSelector} parameter; blank selects everything. */
  public static LabelQuery parse(String selector) {
    if (selector == null || selector.isBlank()) {
      return EVERYTHING;
    }
    List<Requirement> reqs = new SelectorParser(selector).parse();
    for (Requirement r : reqs) {
      List<String> keyErrs = NameRules.qualifiedName(r.key());
      if (!keyErrs.isEmpty()) {
        throw invalid(selector, "key: Invalid value: \"" + r.key() + "\": " + String.join("; ", keyErrs));
      }
      for (String v : r.values()) {
        List<String> valErrs = NameRules.labelValue(v);
        if (!valErrs.isEmpty()) {
          throw invalid(selector, "values[0][" + r.key() + "]: Invalid value: \"" + v + "\": " + String.join("; ", valErrs));
        }
      }
    }
    return new LabelQuery(reqs);
  }

  static RuntimeException invalid(String selector, String why) {
    return Errors.badRequest("unable to parse requirement: " + why);
  }

  public boolean isEverything() {
    return requirements.isEmpty();
  }

  public boolean matches(Map<String, String> labels) {
    Map<String, String> l = labels == null ? Map.of() : labels;
    for (Requirement r : requirements) {
      if (!r.matches(l)) {
        return false;
      }
    }
    return true;
  }

  List<Requirement> requirements() {
    return new ArrayList<>(requirements);
  }
}
