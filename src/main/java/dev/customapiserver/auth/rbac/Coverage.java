package dev.customapiserver.auth.rbac;

import dev.customapiserver.apis.rbac.PolicyRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Whether held rules cover requested ones, as kube's validation.Covers, BreakdownRule and CompactRules. */
public final class Coverage {
  private Coverage() {}

  /** The atomic rules of {@code requested} no rule of {@code owner} covers, compacted (empty: covered). */
  public static List<PolicyRule> missing(List<PolicyRule> owner, List<PolicyRule> requested) {
    List<PolicyRule> missing = new ArrayList<>();
    for (PolicyRule r : requested) {
      for (PolicyRule atom : breakdown(r)) {
        if (owner.stream().noneMatch(o -> covers(o, atom))) {
          missing.add(atom);
        }
      }
    }
    return compact(missing);
  }

  /** One rule per group, resource, verb and name (or per URL and verb). */
  static List<PolicyRule> breakdown(PolicyRule rule) {
    List<PolicyRule> atoms = new ArrayList<>();
    for (String g : rule.apiGroups()) {
      for (String res : rule.resources()) {
        for (String v : rule.verbs()) {
          if (rule.resourceNames().isEmpty()) {
            atoms.add(PolicyRule.resources(List.of(g), List.of(res), List.of(v)));
          }
          for (String n : rule.resourceNames()) {
            PolicyRule a = PolicyRule.resources(List.of(g), List.of(res), List.of(v));
            a.resourceNames = new ArrayList<>(List.of(n));
            atoms.add(a);
          }
        }
      }
    }
    for (String u : rule.nonResourceURLs()) {
      for (String v : rule.verbs()) {
        atoms.add(PolicyRule.urls(List.of(u), List.of(v)));
      }
    }
    return atoms;
  }

  static boolean covers(PolicyRule owner, PolicyRule sub) {
    boolean verbs = owner.verbs().contains("*") || owner.verbs().containsAll(sub.verbs());
    boolean urls = sub.nonResourceURLs().stream().allMatch(u -> owner.nonResourceURLs().stream().anyMatch(o -> urlCovers(o, u)));
    boolean groups = owner.apiGroups().contains("*") || owner.apiGroups().containsAll(sub.apiGroups());
    boolean resources = resourcesCover(owner.resources(), sub.resources());
    boolean names = owner.resourceNames().isEmpty()
        || !sub.resourceNames().isEmpty() && owner.resourceNames().containsAll(sub.resourceNames());
    return verbs && urls && groups && resources && names;
  }

  private static boolean urlCovers(String owner, String requested) {
    return owner.equals(requested) || owner.endsWith("*") && requested.startsWith(owner.substring(0, owner.length() - 1));
  }

  private static boolean resourcesCover(List<String> owner, List<String> requested) {
    if (owner.contains("*") || owner.containsAll(requested)) {
      return true;
    }
    for (String r : requested) {
      if (owner.contains(r)) {
        continue;
      }
      int slash = r.indexOf('/');
      if (slash < 0 || !owner.contains("*" + r.substring(slash))) {
        return false;
      }
    }
    return true;
  }

  /** Merges simple rules (one group, one resource, no names or URLs) that differ only in verbs. */
  static List<PolicyRule> compact(List<PolicyRule> rules) {
    Map<String, PolicyRule> simple = new LinkedHashMap<>();
    List<PolicyRule> out = new ArrayList<>();
    for (PolicyRule r : rules) {
      boolean isSimple = r.apiGroups().size() == 1 && r.resources().size() == 1 && r.resourceNames().isEmpty()
          && r.nonResourceURLs().isEmpty();
      if (!isSimple) {
        out.add(r);
        continue;
      }
      String key = r.apiGroups().get(0) + "\u0000" + r.resources().get(0);
      PolicyRule existing = simple.get(key);
      if (existing == null) {
        PolicyRule c = r.copy();
        simple.put(key, c);
        out.add(c);
      } else {
        r.verbs().stream().filter(v -> !existing.verbs().contains(v)).forEach(existing.verbs::add);
      }
    }
    return out;
  }
}
