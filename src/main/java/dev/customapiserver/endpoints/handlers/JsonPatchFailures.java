package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.errors.Errors;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

/**
 * What kube-apiserver's JSON patch library (gopkg.in/evanphx/json-patch.v4) does with an
 * {@code add}, {@code remove}, {@code replace}, {@code move} or {@code copy} that JSON-P refused: its
 * 422 wording ({@code remove operation does not apply: doc is missing path: "/spec/a/b": missing
 * value}, {@code error in remove for path: '/spec/x': Unable to remove nonexistent key: x: missing
 * value}, ...), or, where that library lets the operation through, its result: a {@code replace} of a
 * missing key of an existing object sets it, a {@code copy} from a missing key of an existing object
 * sets null.
 */
final class JsonPatchFailures {
  /**
   * One JSON-P provider: {@code Json.createXxx} looks the provider up with a ServiceLoader on every call,
   * which was a sixth of a merge patch's CPU.
   */
  private static final JsonProvider JSONP = JsonProvider.provider();

  private JsonPatchFailures() {}

  /** The document after {@code op} as the library leaves it, or kube's 422; {@code failure} when no rule applies. */
  static JsonStructure resolve(JsonObject op, JsonStructure doc, JsonException failure) {
    String kind = text(op, "op");
    String path = text(op, "path");
    String from = text(op, "from");
    if (kind == null || path == null) {
      throw failure;
    }
    switch (kind) {
      case "add" -> {
        JsonValue con = container(doc, path);
        if (con == null) {
          throw invalid("add operation does not apply: doc is missing path: \"" + path + "\": missing value");
        }
        throw invalid("error in add for path: '" + path + "': " + arrayProblem(con, key(path), true));
      }
      case "remove" -> {
        JsonValue con = container(doc, path);
        if (con == null) {
          throw invalid("remove operation does not apply: doc is missing path: \"" + path + "\": missing value");
        }
        throw invalid("error in remove for path: '" + path + "': " + removeProblem(con, key(path)));
      }
      case "replace" -> {
        JsonValue con = container(doc, path);
        if (con == null) {
          throw invalid("replace operation does not apply: doc is missing path: " + path + ": missing value");
        }
        if (con.getValueType() == JsonValue.ValueType.OBJECT) { // the library's get of a missing key is no error
          return add(doc, path, op.get("value"));
        }
        throw invalid("replace operation does not apply: doc is missing key: " + path + ": missing value");
      }
      case "move" -> {
        if (from == null) {
          throw failure;
        }
        JsonValue con = container(doc, from);
        if (con == null) {
          throw invalid("move operation does not apply: doc is missing from path: " + from + ": missing value");
        }
        if (!has(con, key(from))) {
          throw invalid("error in move for path: '" + key(from) + "': " + removeProblem(con, key(from)));
        }
        if (container(doc, path) == null) {
          throw invalid("move operation does not apply: doc is missing destination path: " + path + ": missing value");
        }
        throw failure;
      }
      case "copy" -> {
        if (from == null) {
          throw failure;
        }
        JsonValue con = container(doc, from);
        if (con == null) {
          throw invalid("copy operation does not apply: doc is missing from path: " + from + ": missing value");
        }
        if (container(doc, path) == null) {
          throw invalid("copy operation does not apply: doc is missing destination path: " + path + ": missing value");
        }
        if (con.getValueType() == JsonValue.ValueType.OBJECT && !has(con, key(from))) {
          return add(doc, path, JsonValue.NULL); // the library copies the missing value as null
        }
        throw failure;
      }
      default -> throw failure;
    }
  }

  /** The library's findObject: the container the last segment of {@code path} is in, or null. */
  private static JsonValue container(JsonStructure doc, String path) {
    String[] split = path.split("/", -1);
    if (split.length < 2) {
      return null;
    }
    JsonValue cur = doc;
    for (int i = 1; i < split.length - 1; i++) {
      JsonValue next = get(cur, decode(split[i]));
      if (next == null || (next.getValueType() != JsonValue.ValueType.OBJECT && next.getValueType() != JsonValue.ValueType.ARRAY)) {
        return null;
      }
      cur = next;
    }
    return cur;
  }

  private static JsonValue get(JsonValue con, String key) {
    if (con.getValueType() == JsonValue.ValueType.OBJECT) {
      return con.asJsonObject().get(key);
    }
    JsonArray a = con.asJsonArray();
    try {
      int i = Integer.parseInt(key);
      return i >= 0 && i < a.size() ? a.get(i) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static boolean has(JsonValue con, String key) {
    return get(con, key) != null;
  }

  private static String removeProblem(JsonValue con, String key) {
    if (con.getValueType() == JsonValue.ValueType.OBJECT) {
      return "Unable to remove nonexistent key: " + key + ": missing value";
    }
    return arrayProblem(con, key, false);
  }

  /** What the library's array add or remove says of {@code key}. */
  private static String arrayProblem(JsonValue con, String key, boolean add) {
    try {
      int i = Integer.parseInt(key);
      return "Unable to access invalid index: " + i + ": invalid index referenced";
    } catch (NumberFormatException e) {
      String atoi = "strconv.Atoi: parsing \"" + key + "\": invalid syntax";
      return add ? "value was not a proper array index: '" + key + "': " + atoi : atoi;
    }
  }

  private static JsonStructure add(JsonStructure doc, String path, JsonValue value) {
    return JSONP.createPatchBuilder().add(path, value == null ? JsonValue.NULL : value).build().apply(doc);
  }

  private static String key(String path) {
    return decode(path.substring(path.lastIndexOf('/') + 1));
  }

  private static String decode(String segment) {
    return segment.replace("~1", "/").replace("~0", "~");
  }

  private static RuntimeException invalid(String message) {
    return Errors.unprocessableEntity(message);
  }

  private static String text(JsonObject o, String key) {
    JsonValue v = o.get(key);
    return v != null && v.getValueType() == JsonValue.ValueType.STRING ? o.getString(key) : null;
  }
}
