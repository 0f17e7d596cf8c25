package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.Unstructured;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Fields of a custom object at a simple JSON path ({@code .spec.replicas}) read and written as
 * apimachinery's {@code unstructured.NestedInt64}, {@code NestedString} and {@code SetNestedField} do,
 * with their error wording ({@code .spec.replicas accessor error: x is of the type string, expected int64}).
 */
final class NestedFields {
  private NestedFields() {}

  /** A path's field that is not of the type asked for. */
  static final class AccessorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AccessorException(String message) {
      super(message, null, false, false);
    }
  }

  /** The parts of {@code path} without its leading period. */
  static List<String> split(String path) {
    return Arrays.asList((path.startsWith(".") ? path.substring(1) : path).split("\\.", -1));
  }

  /** The value at {@code path}, or null when missing; an intermediate that is not an object is an {@link AccessorException}. */
  static JsonNode find(Unstructured obj, String path) {
    List<String> parts = split(path);
    JsonNode n = obj.get(parts.get(0));
    for (int i = 1; i < parts.size(); i++) {
      if (n == null) {
        return null;
      }
      if (!n.isObject()) {
        throw new AccessorException(jsonPath(parts.subList(0, i)) + " accessor error: " + goValue(n) + " is of the type "
            + goType(n) + ", expected map[string]interface{}");
      }
      n = n.get(parts.get(i));
    }
    return n;
  }

  /** The integer at {@code path}, or null when missing; anything but an integer is an {@link AccessorException}. */
  static Long int64(Unstructured obj, String path) {
    JsonNode n = find(obj, path);
    if (n == null) {
      return null;
    }
    if (!n.isIntegralNumber() || !n.canConvertToLong()) {
      throw new AccessorException(jsonPath(split(path)) + " accessor error: " + goValue(n) + " is of the type " + goType(n)
          + ", expected int64");
    }
    return n.longValue();
  }

  /** The string at {@code path}, or null when missing; anything but a string is an {@link AccessorException}. */
  static String string(Unstructured obj, String path) {
    JsonNode n = find(obj, path);
    if (n == null) {
      return null;
    }
    if (!n.isTextual()) {
      throw new AccessorException(jsonPath(split(path)) + " accessor error: " + goValue(n) + " is of the type " + goType(n)
          + ", expected string");
    }
    return n.asText();
  }

  /** Sets {@code value} at {@code path}, making the objects on the way (replacing what is not an object). */
  static void set(Unstructured obj, String path, JsonNode value) {
    List<String> parts = split(path);
    if (parts.size() == 1) {
      obj.set(parts.get(0), value);
      return;
    }
    JsonNode top = obj.get(parts.get(0));
    ObjectNode n = top != null && top.isObject() ? (ObjectNode) top : JsonNodeFactory.instance.objectNode();
    obj.set(parts.get(0), n);
    for (int i = 1; i < parts.size() - 1; i++) {
      JsonNode next = n.get(parts.get(i));
      n = next != null && next.isObject() ? (ObjectNode) next : n.putObject(parts.get(i));
    }
    n.set(parts.get(parts.size() - 1), value);
  }

  private static String jsonPath(List<String> parts) {
    return "." + String.join(".", parts);
  }

  /** Go's {@code %T} of the decoded JSON value. */
  static String goType(JsonNode n) {
    if (n == null || n.isNull()) {
      return "<nil>";
    }
    if (n.isTextual()) {
      return "string";
    }
    if (n.isIntegralNumber()) {
      return "int64";
    }
    if (n.isNumber()) {
      return "float64";
    }
    if (n.isBoolean()) {
      return "bool";
    }
    return n.isArray() ? "[]interface {}" : "map[string]interface {}";
  }

  /** Go's {@code %v} of the decoded JSON value. */
  static String goValue(JsonNode n) {
    if (n == null || n.isNull()) {
      return "<nil>";
    }
    if (n.isArray()) {
      StringBuilder b = new StringBuilder("[");
      for (int i = 0; i < n.size(); i++) {
        b.append(i == 0 ? "" : " ").append(goValue(n.get(i)));
      }
      return b.append(']').toString();
    }
    if (n.isObject()) {
      StringBuilder b = new StringBuilder("map[");
      List<String> keys = new ArrayList<>();
      n.fieldNames().forEachRemaining(keys::add);
      Collections.sort(keys);
      for (int i = 0; i < keys.size(); i++) {
        b.append(i == 0 ? "" : " ").append(keys.get(i)).append(':').append(goValue(n.get(keys.get(i))));
      }
      return b.append(']').toString();
    }
    if (n.isNumber() && !n.isIntegralNumber()) {
      double d = n.doubleValue();
      if (d == Math.rint(d) && Math.abs(d) < 1e21) {
        return Long.toString((long) d);
      }
      return n.asText();
    }
    return n.asText();
  }
}
