package dev.customapiserver.filters;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthorizationAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads what a request asks from its method, path and query, as kube-apiserver's RequestInfoFactory:
 * {@code /api/v1/...} and {@code /apis/{group}/{version}/...} paths are resource requests with
 * namespace, resource, name and subresource; everything else is a path.
 */
final class RequestInfo {
  private static final Set<String> NAMESPACE_SUBRESOURCES = Set.of("status", "finalize");

  private RequestInfo() {}

  /**
   * @param query decoded query parameters (first value each), for {@code watch} and
   *     {@code fieldSelector}
   */
  static AuthorizationAttributes parse(UserInfo user, String method, String path, Map<String, String> query) {
    String nonResourceVerb = method.toLowerCase(Locale.ROOT);
    List<String> parts = new ArrayList<>(Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toList());
    if (parts.isEmpty() || !(parts.get(0).equals("api") || parts.get(0).equals("apis"))) {
      return AuthorizationAttributes.nonResource(user, nonResourceVerb, path);
    }
    boolean core = parts.get(0).equals("api");
    int minParts = core ? 3 : 4; // api/v1/<resource> or apis/<group>/<version>/<resource>
    if (parts.size() < minParts) {
      return AuthorizationAttributes.nonResource(user, nonResourceVerb, path);
    }
    String group = core ? "" : parts.get(1);
    String version = core ? parts.get(1) : parts.get(2);
    List<String> rest = parts.subList(core ? 2 : 3, parts.size());
    String verb = switch (method.toUpperCase(Locale.ROOT)) {
      case "POST" -> "create";
      case "GET", "HEAD" -> "get";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> "delete";
      default -> "";
    };
    if (rest.get(0).equals("watch")) { // the deprecated /watch/ prefix
      rest = rest.subList(1, rest.size());
      verb = "watch";
    }
    String namespace = "";
    if (!rest.isEmpty() && rest.get(0).equals("namespaces") && rest.size() > 1) {
      namespace = rest.get(1);
      if (rest.size() > 2 && !NAMESPACE_SUBRESOURCES.contains(rest.get(2))) {
        rest = rest.subList(2, rest.size());
      }
    }
    String resource = rest.isEmpty() ? "" : rest.get(0);
    String name = rest.size() >= 2 ? rest.get(1) : "";
    String subresource = rest.size() >= 3 ? rest.get(2) : "";
    if (name.isEmpty() && verb.equals("get")) {
      verb = isTrue(query.get("watch")) ? "watch" : "list";
      name = exactName(query.get("fieldSelector"));
    }
    if (name.isEmpty() && verb.equals("delete")) {
      verb = "deletecollection";
    }
    return new AuthorizationAttributes(user, verb, true, group, version, resource, subresource, namespace, name, path);
  }

  /** A boolean query parameter as kube reads it: present and neither {@code 0} nor {@code false} (any case). */
  private static boolean isTrue(String v) {
    return v != null && !v.equals("0") && !v.equalsIgnoreCase("false");
  }

  /** The name in {@code metadata.name=x} (or {@code ==}) when it is the only field selector term. */
  private static String exactName(String selector) {
    if (selector == null || selector.contains(",")) {
      return "";
    }
    for (String op : List.of("==", "=")) {
      int i = selector.indexOf(op);
      if (i > 0 && selector.substring(0, i).trim().equals("metadata.name") && !selector.contains("!=")) {
        String v = selector.substring(i + op.length()).trim();
        return v.contains("/") ? "" : v;
      }
    }
    return "";
  }
}
