package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validation ratcheting of a custom resource's schema errors on update, as kube-apiserver does it by
 * default since 1.30 (apiextensions' {@code ratchetingValueValidator}): an error is dropped when a node
 * on its way from the root, reached through correlatable steps, is unchanged (deep-equal to the
 * stored object's node), so a tightened schema does not block updates of objects that were valid when
 * written; a changed field is validated in full.
 *
 * <p>Correlation follows object properties and map keys. An array item is correlated here only
 * through its whole list (kube also correlates the items of {@code x-kubernetes-list-type: map} lists
 * by their keys; here a changed map list validates all its items). A missing required field is the
 * error of the object that should hold it.
 */
final class SchemaRatcheting {
  private static final Pattern STEP = Pattern.compile("\\.?([^.\\[\\]]+)|\\[([^\\]]*)\\]");

  private SchemaRatcheting() {}

  /** The errors of {@code updated} that kube would report, given the stored {@code old}. */
  static List<FieldError> changedOnly(List<FieldError> errors, JsonNode updated, JsonNode old) {
    List<FieldError> kept = new ArrayList<>();
    for (FieldError e : errors) {
      if (!unchangedOnTheWay(nodePath(e), updated, old)) {
        kept.add(e);
      }
    }
    return kept;
  }

  /** The steps to the node whose validation produced {@code e}. */
  private static List<String> nodePath(FieldError e) {
    List<String> steps = new ArrayList<>();
    Matcher m = STEP.matcher(e.field() == null ? "" : e.field());
    while (m.find()) {
      steps.add(m.group(1) != null ? m.group(1) : "[" + m.group(2) + "]");
    }
    if (e.type() == FieldError.Type.REQUIRED && !steps.isEmpty()) {
      steps.remove(steps.size() - 1); // reported at the field, decided by the object holding it
    }
    return steps;
  }

  private static boolean unchangedOnTheWay(List<String> steps, JsonNode updated, JsonNode old) {
    JsonNode n = updated;
    JsonNode o = old;
    for (String step : steps) {
      if (n == null || o == null || n.isMissingNode() || o.isMissingNode()) {
        return false;
      }
      if (n.equals(o)) {
        return true;
      }
      if (step.startsWith("[")) {
        String key = step.substring(1, step.length() - 1);
        if (key.matches("\\d+") || !n.isObject()) {
          return false; // an array item: correlated only through its whole list, which changed
        }
        step = key;
      }
      n = n.get(step);
      o = o.get(step);
    }
    return n != null && o != null && n.equals(o);
  }
}
