package dev.customapiserver.runtime.patch;

import dev.customapiserver.api.meta.PatchStrategy;
import java.util.List;
import java.util.Map;

/** Wire types for the merge tests: one field for each kind of merge metadata. */
final class Types {
  private Types() {}

  /** The patched type. */
  static final class Thing {
    public String name;
    public Map<String, String> labels;
    @PatchStrategy("merge") public List<String> finalizers;
    public List<String> args;
    @PatchStrategy(value = "merge", mergeKey = "name") public List<Item> items;
    @PatchStrategy("retainKeys") public Strategy strategy;
    @PatchStrategy("replace") public Map<String, String> replaced;
    public Nested nested;
  }

  /** A keyed list element. */
  static final class Item {
    public String name;
    public Integer value;
    public Map<String, String> tags;
  }

  /** A union-like object whose unset members a patch clears with {@code $retainKeys}. */
  static final class Strategy {
    public String type;
    public Map<String, String> rollingUpdate;
  }

  /** A plain nested object. */
  static final class Nested {
    public String a;
    public String b;
  }
}
