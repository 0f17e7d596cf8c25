package dev.customapiserver.schema.cel;

import com.google.common.collect.ImmutableCollection;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import dev.customapiserver.schema.StructuralSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The CEL types of a structural schema, as kube declares them for {@code self}: objects with properties
 * as struct types (so an unknown field is a compile error), maps ({@code additionalProperties}) as
 * {@code map(string, T)}, arrays as {@code list(T)}, int-or-string and preserve-unknown-fields values as
 * {@code dyn}, strings of format {@code byte}/{@code duration}/{@code date-time}/{@code date} as
 * bytes/duration/timestamp. The resource root and embedded resources also carry {@code apiVersion},
 * {@code kind} and {@code metadata.name}/{@code metadata.generateName}.
 */
final class CelTypes implements CelTypeProvider {
  private final Map<String, StructType> structs = new LinkedHashMap<>();
  private int next;

  /** The CEL type of values of {@code s}; {@code root} for the custom resource itself. */
  CelType typeOf(StructuralSchema s, boolean root) {
    if (s == null) {
      return SimpleType.DYN;
    }
    if (s.intOrString()) {
      return SimpleType.DYN;
    }
    switch (s.type()) {
      case "object":
        return objectType(s, root);
      case "array":
        return ListType.create(s.items() == null ? SimpleType.DYN : typeOf(s.items(), false));
      case "string":
        return stringType(s.format());
      case "integer":
        return SimpleType.INT;
      case "number":
        return SimpleType.DOUBLE;
      case "boolean":
        return SimpleType.BOOL;
      default:
        return SimpleType.DYN;
    }
  }

  static CelType stringType(String format) {
    return switch (format) {
      case "byte" -> SimpleType.BYTES;
      case "duration" -> SimpleType.DURATION;
      case "date-time", "date" -> SimpleType.TIMESTAMP;
      default -> SimpleType.STRING;
    };
  }

  private CelType objectType(StructuralSchema s, boolean root) {
    boolean resource = root || s.embeddedResource();
    if (s.additionalProperties() != null && !resource) {
      return MapType.create(SimpleType.STRING, typeOf(s.additionalProperties(), false));
    }
    if (s.properties().isEmpty() && s.preserveUnknownFields() && !resource) {
      return SimpleType.DYN;
    }
    Map<String, CelType> fields = new LinkedHashMap<>();
    if (resource) {
      fields.put("apiVersion", SimpleType.STRING);
      fields.put("kind", SimpleType.STRING);
      fields.put("metadata", struct(Map.of("name", SimpleType.STRING, "generateName", SimpleType.STRING)));
    }
    s.properties().forEach((name, p) -> {
      if (resource && (name.equals("apiVersion") || name.equals("kind") || name.equals("metadata"))) {
        return;
      }
      FieldNames.escape(name).ifPresent(n -> fields.put(n, typeOf(p, false)));
    });
    return struct(fields);
  }

  private StructType struct(Map<String, CelType> fields) {
    String name = "selfType" + (next++);
    Map<String, CelType> copy = Map.copyOf(fields);
    StructType t = StructType.create(name, ImmutableSet.copyOf(fields.keySet()), f -> Optional.ofNullable(copy.get(f)));
    structs.put(name, t);
    return t;
  }

  @Override
  public ImmutableCollection<CelType> types() {
    return ImmutableList.copyOf(structs.values());
  }

  @Override
  public Optional<CelType> findType(String typeName) {
    return Optional.ofNullable(structs.get(typeName));
  }
}
