package dev.customapiserver.runtime.patch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The errors of a strategic merge patch with the wording of Kubernetes' {@code mergepatch} and
 * {@code strategicpatch} packages (values printed as Go's {@code %v} prints them). Those kube-apiserver
 * maps to 400 and 422 keep their codes; the rest, which kube-apiserver lets through as 500, are 400 here:
 * they are the client's mistakes.
 */
final class PatchErrors {
  static final String BAD_PRIMITIVE_LIST = "invalid patch format of primitive list";
  static final String BAD_RETAIN_KEYS = "invalid patch format of retainKeys";
  static final String BAD_SET_ELEMENT_ORDER = "invalid patch format of setElementOrder list";

  private PatchErrors() {}

  static ApiException badRequest(String message) {
    return Errors.badRequest(message);
  }

  /** {@code mergepatch.ErrNoListOfLists}: 422 with kube's generic message. */
  static ApiException listOfLists() {
    return Errors.unprocessableEntity();
  }

  static ApiException noMergeKey(JsonNode map, String mergeKey) {
    return badRequest("map: " + goValue(map) + " does not contain declared merge key: " + mergeKey);
  }

  static ApiException badPatchType(JsonNode directive, JsonNode map) {
    return badRequest("unknown patch type: " + goValue(directive) + " in map: " + goValue(map));
  }

  /** {@code mergepatch.ErrBadArgType}: a value of the wrong JSON type where {@code expected} was needed. */
  static ApiException badArgType(String expected, JsonNode actual) {
    return badRequest("expected a " + expected + ", but received a " + goType(actual));
  }

  static ApiException elementTypesDiffer(List<JsonNode> lists) {
    StringJoiner all = new StringJoiner(" ", "[", "]");
    lists.forEach(l -> all.add(goValue(l)));
    return badRequest("list element types are not identical: " + all);
  }

  /** The Go type name a JSON value unmarshals to ({@code map[string]interface {}}, {@code string}, ...). */
  static String goType(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return "%!s(<nil>)";
    }
    return switch (v.getNodeType()) {
      case OBJECT -> MAP;
      case ARRAY -> LIST;
      case STRING -> "string";
      case BOOLEAN -> "bool";
      case NUMBER -> v.isIntegralNumber() ? "int64" : "float64";
      default -> v.getNodeType().toString().toLowerCase();
    };
  }

  static final String MAP = "map[string]interface {}";
  static final String LIST = "[]interface {}";

  /** A JSON value as Go's {@code %v} prints its unmarshalled form: {@code map[a:1 b:[x y]]}. */
  static String goValue(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return "<nil>";
    }
    if (v.isObject()) {
      List<String> keys = new ArrayList<>();
      v.fieldNames().forEachRemaining(keys::add);
      keys.sort(null);
      StringJoiner j = new StringJoiner(" ", "map[", "]");
      keys.forEach(k -> j.add(k + ":" + goValue(v.get(k))));
      return j.toString();
    }
    if (v.isArray()) {
      StringJoiner j = new StringJoiner(" ", "[", "]");
      v.forEach(e -> j.add(goValue(e)));
      return j.toString();
    }
    return v.isTextual() ? v.textValue() : v.asText();
  }
}
