package dev.customapiserver.schema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A value of an updated object together with the value at the same place in the stored object, as
 * kube's {@code k8s.io/apiserver/pkg/cel/common.CorrelatedObject} pairs them for validation ratcheting.
 * Correlation follows the schema: an object's declared property or {@code additionalProperties} value
 * present in both, and an item of an {@code x-kubernetes-list-type: map} list with the old item having
 * the same {@code x-kubernetes-list-map-keys}; items of {@code set} and {@code atomic} lists are not
 * correlated (their list is, as a whole). A correlation is not safe to share between threads (it caches
 * what it compared).
 */
public final class Correlation {
  private final StructuralSchema schema;
  private final JsonNode value;
  private final JsonNode old;
  private final boolean root;
  private Boolean unchanged;
  private Map<Object, Correlation> children;
  private Map<String, JsonNode> oldItemsByKey;

  private Correlation(StructuralSchema schema, JsonNode value, JsonNode old, boolean root) {
    this.schema = schema;
    this.value = value;
    this.old = old;
    this.root = root;
  }

  /**
   * The correlation of a whole custom resource and its stored version. The root itself never counts as
   * unchanged, as in kube, where its metadata always holds fields a schema cannot declare (uid,
   * resourceVersion); its {@code apiVersion} and {@code kind} are not correlated (both versions were
   * converted to the same one).
   */
  public static Correlation ofResource(StructuralSchema schema, JsonNode value, JsonNode old) {
    return new Correlation(schema, value, old, true);
  }

  /** The correlation of any value this schema node describes with its old value. */
  public static Correlation of(StructuralSchema schema, JsonNode value, JsonNode old) {
    return new Correlation(schema, value, old, false);
  }

  public JsonNode value() {
    return value;
  }

  public JsonNode old() {
    return old;
  }

  /**
   * The property or map value {@code field} paired with its old value; null when it is not in both
   * objects or the schema neither declares it nor has {@code additionalProperties} for it.
   */
  public Correlation key(String field) {
    if (schema == null || value == null || old == null || !value.isObject() || !old.isObject()) {
      return null;
    }
    if (root && (field.equals("apiVersion") || field.equals("kind"))) {
      return null;
    }
    Correlation known = children == null ? null : children.get(field);
    if (known != null) {
      return known;
    }
    JsonNode v = value.get(field);
    JsonNode o = old.get(field);
    StructuralSchema s = schema.properties().get(field);
    if (s == null) {
      s = schema.additionalProperties();
    }
    if (v == null || o == null || s == null) {
      return null;
    }
    return remember(field, new Correlation(s, v, o, false));
  }

  /**
   * The list item at {@code index} paired with its old item: only for {@code x-kubernetes-list-type:
   * map} lists, the first old item with the same map keys (each a string, number or boolean); null
   * otherwise.
   */
  public Correlation index(int index) {
    if (schema == null || value == null || old == null || !value.isArray() || !old.isArray()
        || index >= value.size() || !"map".equals(schema.listType()) || schema.items() == null) {
      return null;
    }
    Correlation known = children == null ? null : children.get(index);
    if (known != null) {
      return known;
    }
    String key = mapKey(value.get(index), schema.listMapKeys());
    JsonNode o = key == null ? null : oldItemsByKey().get(key);
    return o == null ? null : remember(index, new Correlation(schema.items(), value.get(index), o, false));
  }

  /**
   * Whether the value equals its old value, as kube's {@code CachedDeepEqual}: an object only when every
   * one of its fields is correlated and unchanged (so one with an undeclared field never is), a
   * map-type list when every item has an unchanged old item with its keys (its order aside), other
   * values when equal as JSON.
   */
  public boolean unchanged() {
    if (unchanged == null) {
      unchanged = !root && compare();
    }
    return unchanged;
  }

  private boolean compare() {
    boolean vNull = value == null || value.isNull() || value.isMissingNode();
    boolean oNull = old == null || old.isNull() || old.isMissingNode();
    if (vNull || oNull) {
      return vNull && oNull;
    }
    if (value.isArray() && old.isArray()) {
      if (value.size() != old.size()) {
        return false;
      }
      if (!"map".equals(schema.listType())) {
        return value.equals(old);
      }
      for (int i = 0; i < value.size(); i++) {
        Correlation c = index(i);
        if (c == null || !c.unchanged()) {
          return false;
        }
      }
      return true;
    }
    if (value.isObject() && old.isObject()) {
      if (value.size() != old.size()) {
        return false;
      }
      for (var it = value.fieldNames(); it.hasNext(); ) {
        Correlation c = key(it.next());
        if (c == null || !c.unchanged()) {
          return false;
        }
      }
      return true;
    }
    return value.equals(old);
  }

  private Correlation remember(Object key, Correlation c) {
    if (children == null) {
      children = new HashMap<>();
    }
    children.put(key, c);
    return c;
  }

  private Map<String, JsonNode> oldItemsByKey() {
    if (oldItemsByKey == null) {
      oldItemsByKey = new HashMap<>();
      for (JsonNode item : old) {
        String key = mapKey(item, schema.listMapKeys());
        if (key != null) {
          oldItemsByKey.putIfAbsent(key, item);
        }
      }
    }
    return oldItemsByKey;
  }

  /** The composite key of a map-type list item, or null when it is no object or a key is missing or not a scalar. */
  private static String mapKey(JsonNode item, List<String> keys) {
    if (item == null || !item.isObject() || keys.isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    for (String k : keys) {
      JsonNode v = item.get(k);
      if (v == null || !(v.isTextual() || v.isNumber() || v.isBoolean())) {
        return null;
      }
      // the JSON text tells the kinds apart, as Go's types do (1 and "1", 1 and 1.0)
      b.append('\u0000').append(v.toString());
    }
    return b.toString();
  }
}
