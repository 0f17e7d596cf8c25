package dev.customapiserver.runtime.patch;

import java.util.Map;
import java.util.function.Supplier;

/**
 * The strategic-merge metadata of one JSON object type: for each field, how its value merges. Objects
 * without a Java type behind them (maps, free-form fields) are {@link #FREE}: their maps merge, their
 * lists are replaced. Field tables are built on first use, so recursive types are fine.
 */
final class PatchSchema {
  /** A schema that knows no field: every field is a plain one with a free-form value. */
  static final PatchSchema FREE = new PatchSchema("object", Map::of, () -> Field.PLAIN);

  private final String name;
  private final Supplier<Map<String, Field>> fieldsSource;
  private final Supplier<Field> otherSource;
  private volatile Map<String, Field> fields;
  private volatile Field other;

  /**
   * How one field merges.
   *
   * @param schema     the schema of the field's value, or of its elements when it is a list
   * @param strategy   {@code merge}, {@code replace} or empty (the default: maps merge, lists are replaced)
   * @param retainKeys whether the field also has the {@code retainKeys} strategy
   * @param mergeKey   the element field that identifies an element of a merging list of objects
   */
  record Field(PatchSchema schema, String strategy, boolean retainKeys, String mergeKey) {
    static final Field PLAIN = new Field(FREE, "", false, "");

    boolean merges() {
      return strategy.equals("merge");
    }

    boolean replaces() {
      return strategy.equals("replace");
    }
  }

  /**
   * @param name   the type's name, for errors
   * @param fields the known fields by JSON name
   * @param other  the metadata of any other field ({@link Field#PLAIN}, or a map's value type)
   */
  PatchSchema(String name, Supplier<Map<String, Field>> fields, Supplier<Field> other) {
    this.name = name;
    this.fieldsSource = fields;
    this.otherSource = other;
  }

  String name() {
    return name;
  }

  /** The metadata of the field {@code jsonName}; unknown fields are plain. */
  Field field(String jsonName) {
    Map<String, Field> f = fields;
    if (f == null) {
      f = fieldsSource.get();
      fields = f;
    }
    Field known = f.get(jsonName);
    if (known != null) {
      return known;
    }
    Field o = other;
    if (o == null) {
      o = otherSource.get();
      other = o;
    }
    return o;
  }
}
