package dev.customapiserver.controllers.crd;

import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * kube's naming rules between the definitions of one group: the first definition (by creation) to
 * claim a plural, singular, short name, kind or list kind keeps it; a later one naming it is
 * refused with the reason and message kube gives ({@code PluralConflict}, {@code "crontabs" is
 * already in use}). Used for one pass over all definitions, in creation order.
 */
final class NameAcceptance {
  /** Why names were refused: the NamesAccepted condition's reason and message. */
  record Conflict(String reason, String message) {}

  private final Map<String, Set<String>> taken = new HashMap<>();

  /** The conflict of {@code names} in {@code group} with names accepted earlier in this pass, or null after accepting them. */
  Conflict accept(String group, CustomResourceDefinition.Names names) {
    Set<String> t = taken.computeIfAbsent(group, g -> new HashSet<>());
    if (t.contains("plural:" + names.plural)) {
      return conflict("PluralConflict", names.plural);
    }
    if (t.contains("singular:" + names.singular)) {
      return conflict("SingularConflict", names.singular);
    }
    for (String s : names.shortNames == null ? List.<String>of() : names.shortNames) {
      if (t.contains("short:" + s)) {
        return conflict("ShortNamesConflict", s);
      }
    }
    if (t.contains("kind:" + names.kind)) {
      return conflict("KindConflict", names.kind);
    }
    if (t.contains("listKind:" + names.listKind)) {
      return conflict("ListKindConflict", names.listKind);
    }
    // a plural, singular or short name is one resource name to kubectl: each must be unique across the three
    t.add("plural:" + names.plural);
    t.add("singular:" + names.singular);
    t.add("kind:" + names.kind);
    t.add("listKind:" + names.listKind);
    for (String s : names.shortNames == null ? List.<String>of() : names.shortNames) {
      t.add("short:" + s);
    }
    return null;
  }

  private static Conflict conflict(String reason, String name) {
    return new Conflict(reason, "\"" + name + "\" is already in use");
  }
}
