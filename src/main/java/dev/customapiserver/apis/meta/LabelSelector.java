package dev.customapiserver.apis.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** metav1.LabelSelector: {@code matchLabels} and {@code matchExpressions}, ANDed; empty selects everything. */
@Description("A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions "
    + "are ANDed. An empty label selector matches all objects.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LabelSelector {
  @Description("matchLabels is a map of {key,value} pairs. Each pair is equivalent to an element of matchExpressions, "
      + "whose key field is \"key\", the operator is \"In\", and the values array contains only \"value\".")
  public Map<String, String> matchLabels;
  @Description("matchExpressions is a list of label selector requirements. The requirements are ANDed.")
  public List<Requirement> matchExpressions;

  /** One requirement: {@code key operator values}. */
  @Description("A label selector requirement is a selector that contains values, a key, and an operator that relates "
      + "the key and values.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Requirement {
    @Description("key is the label key that the selector applies to.")
    public String key;
    @Description("operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists "
        + "and DoesNotExist.")
    @Enum({"In", "NotIn", "Exists", "DoesNotExist"})
    public String operator;
    @Description("values is an array of string values. If the operator is In or NotIn, the values array must be "
        + "non-empty. If the operator is Exists or DoesNotExist, the values array must be empty.")
    public List<String> values;

    public Requirement copy() {
      Requirement c = new Requirement();
      c.key = key;
      c.operator = operator;
      c.values = values == null ? null : new ArrayList<>(values);
      return c;
    }

    public boolean matches(Map<String, String> labels) {
      String v = labels.get(key);
      List<String> vs = values == null ? List.of() : values;
      return switch (operator == null ? "" : operator) {
        case "In" -> v != null && vs.contains(v);
        case "NotIn" -> v == null || !vs.contains(v);
        case "Exists" -> v != null;
        case "DoesNotExist" -> v == null;
        default -> false;
      };
    }
  }

  /** Whether it selects everything (no labels, no expressions). */
  public boolean selectsEverything() {
    return (matchLabels == null || matchLabels.isEmpty()) && (matchExpressions == null || matchExpressions.isEmpty());
  }

  /** Whether {@code labels} (null: none) satisfy every requirement. */
  public boolean matches(Map<String, String> labels) {
    Map<String, String> l = labels == null ? Map.of() : labels;
    if (matchLabels != null) {
      for (Map.Entry<String, String> e : matchLabels.entrySet()) {
        if (!e.getValue().equals(l.get(e.getKey()))) {
          return false;
        }
      }
    }
    if (matchExpressions != null) {
      for (Requirement r : matchExpressions) {
        if (!r.matches(l)) {
          return false;
        }
      }
    }
    return true;
  }

  public LabelSelector copy() {
    LabelSelector c = new LabelSelector();
    c.matchLabels = matchLabels == null ? null : new LinkedHashMap<>(matchLabels);
    c.matchExpressions = matchExpressions == null ? null
        : new ArrayList<>(matchExpressions.stream().map(r -> r == null ? null : r.copy()).toList());
    return c;
  }
}
