package dev.customapiserver.api.selectors;

import java.util.List;
import java.util.Map;

/** One requirement of a label selector: {@code key op values}. */
record Requirement(String key, Operator op, List<String> values) {

  /** The selector operators. */
  enum Operator { EQUALS, NOT_EQUALS, IN, NOT_IN, EXISTS, DOES_NOT_EXIST, GREATER_THAN, LESS_THAN }

  boolean matches(Map<String, String> labels) {
    String v = labels.get(key);
    return switch (op) {
      case EQUALS, IN -> v != null && values.contains(v);
      case NOT_EQUALS, NOT_IN -> v == null || !values.contains(v);
      case EXISTS -> v != null;
      case DOES_NOT_EXIST -> v == null;
      case GREATER_THAN -> v != null && isLong(v) && Long.parseLong(v) > Long.parseLong(values.get(0));
      case LESS_THAN -> v != null && isLong(v) && Long.parseLong(v) < Long.parseLong(values.get(0));
    };
  }

  private static boolean isLong(String s) {
    try {
      Long.parseLong(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
