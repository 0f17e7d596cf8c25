package dev.customapiserver.apis.restaurant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Between a list of names with repeats and a list of (name, quantity) in order of first appearance. */
public final class ToppingCounts {
  private ToppingCounts() {}

  /** ["salami","salami","cheese"] → [{salami,2},{cheese,1}]. */
  public static List<Pizza.ToppingRef> collapse(List<String> names) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String n : names) {
      counts.merge(n, 1, Integer::sum);
    }
    List<Pizza.ToppingRef> refs = new ArrayList<>();
    counts.forEach((n, q) -> refs.add(new Pizza.ToppingRef(n, q)));
    return refs;
  }

  /** [{salami,2},{cheese,1}] → ["salami","salami","cheese"]; a missing quantity counts as 1, below 1 as none. */
  public static List<String> expand(List<Pizza.ToppingRef> refs) {
    List<String> names = new ArrayList<>();
    for (Pizza.ToppingRef r : refs) {
      int q = r == null ? 1 : r.quantity == null ? 1 : Math.max(0, r.quantity);
      names.addAll(Collections.nCopies(q, r == null ? null : r.name));
    }
    return names;
  }

  /** Whether {@code collapse(expand(refs))} gives {@code refs} back (each name once, every quantity ≥ 1). */
  public static boolean canonical(List<Pizza.ToppingRef> refs) {
    List<Pizza.ToppingRef> again = collapse(expand(refs));
    if (again.size() != refs.size()) {
      return false;
    }
    for (int i = 0; i < refs.size(); i++) {
      Pizza.ToppingRef a = refs.get(i);
      Pizza.ToppingRef b = again.get(i);
      if (a == null || !Objects.equals(a.name, b.name) || !Objects.equals(a.quantity, b.quantity)) {
        return false;
      }
    }
    return true;
  }
}
