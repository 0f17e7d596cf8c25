package dev.customapiserver.apis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.schema.DocumentedDefaults;
import dev.customapiserver.schema.Enum;
import java.lang.reflect.Field;
import java.util.List;

/**
 * What a wire type documents for OpenAPI ({@code @Default}, {@code @Enum}), for the groups' tests that
 * hold the documentation to what the defaulters and validation really do.
 */
public final class Documented {
  private static final Codecs CODECS = new Codecs();

  private Documented() {}

  /** The JSON value {@code type.field}'s {@code @Default} documents; fails without one. */
  public static JsonNode defaultOf(Class<?> type, String field) {
    return DocumentedDefaults.of(field(type, field))
        .orElseThrow(() -> new AssertionError(type.getName() + "." + field + " documents no default"));
  }

  /** Whether {@code type.field} documents a default at all. */
  public static boolean hasDefault(Class<?> type, String field) {
    return DocumentedDefaults.of(field(type, field)).isPresent();
  }

  /** The values {@code type.field}'s {@code @Enum} documents; fails without one. */
  public static List<String> enumOf(Class<?> type, String field) {
    Enum e = field(type, field).getAnnotation(Enum.class);
    if (e == null) {
      throw new AssertionError(type.getName() + "." + field + " documents no enum");
    }
    return List.of(e.value());
  }

  /** The wire JSON of {@code object} at the JSON pointer {@code pointer}, e.g. {@code /spec/image}. */
  public static JsonNode at(Object object, String pointer) {
    return CODECS.json().<JsonNode>valueToTree(object).at(pointer);
  }

  private static Field field(Class<?> type, String name) {
    try {
      return type.getField(name);
    } catch (NoSuchFieldException e) {
      throw new AssertionError("no public field " + type.getName() + "." + name, e);
    }
  }
}
