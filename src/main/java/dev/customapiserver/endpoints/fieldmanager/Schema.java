package dev.customapiserver.endpoints.fieldmanager;

import java.util.List;
import java.util.function.Function;

/**
 * The shape of one node of a versioned object, as server-side apply needs it: scalar, struct
 * (named fields), map (any keys), list (atomic, set or map with keys) or untyped (deduced from the
 * value: objects are granular maps, lists are atomic).
 */
record Schema(Kind kind, Function<String, Schema> fields, Schema element, String listType, List<String> mapKeys) {
  enum Kind { SCALAR, STRUCT, MAP, LIST, UNTYPED }

  static final Schema SCALAR = new Schema(Kind.SCALAR, null, null, null, List.of());
  static final Schema UNTYPED = new Schema(Kind.UNTYPED, null, null, null, List.of());

  static Schema struct(Function<String, Schema> fields) {
    return new Schema(Kind.STRUCT, fields, null, null, List.of());
  }

  static Schema map(Schema element) {
    return new Schema(Kind.MAP, f -> element, element, null, List.of());
  }

  static Schema list(String type, List<String> keys, Schema element) {
    return new Schema(Kind.LIST, null, element, type == null ? "atomic" : type, keys);
  }

  /** The schema of a field or map entry of this node. */
  Schema child(String name) {
    return fields == null ? UNTYPED : fields.apply(name);
  }

  boolean isList() {
    return kind == Kind.LIST;
  }

  boolean isAtomicList() {
    return kind == Kind.LIST && "atomic".equals(listType);
  }

  boolean isMapList() {
    return kind == Kind.LIST && "map".equals(listType) && !mapKeys.isEmpty();
  }

  boolean isSetList() {
    return kind == Kind.LIST && "set".equals(listType);
  }

  boolean isObject() {
    return kind == Kind.STRUCT || kind == Kind.MAP || kind == Kind.UNTYPED;
  }

  Schema elementOrUntyped() {
    return element == null ? UNTYPED : element;
  }
}
