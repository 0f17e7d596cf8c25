package dev.customapiserver.request;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a {@link RequestInfo} from a request's method, path and query, as kube-apiserver's
 * RequestInfoFactory: {@code /api/v1/...} and {@code /apis/{group}/{version}/...} paths are resource
 * requests with namespace, resource, name and subresource; everything else is a path.
 */
public final class RequestInfoResolver {
  private static final Set<String> NAMESPACE_SUBRESOURCES = Set.of("status", "finalize");

  private RequestInfoResolver() {}

  /**
   * @param path the decoded path below the context path
   * @param queryString the raw query string (may be {@code null}); {@code watch} and
   *     {@code fieldSelector} are read from it, never from a form body
   */
  public static RequestInfo resolve(String method, String path, String queryString) {
    return resolve(method, path, query(queryString));
  }

  /** @param query decoded query parameters (first value each) */
  public static RequestInfo resolve(String method, String path, Map<String, String> query) {
    String nonResourceVerb = method.toLowerCase(Locale.ROOT);
    List<String> parts = new ArrayList<>(Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toList());
    if (parts.isEmpty() || !(parts.get(0).equals("api") || parts.get(0).equals("apis"))) {
      return RequestInfo.nonResource(nonResourceVerb, path);
    }
    boolean core = parts.get(0).equals("api");
    int minParts = core ? 3 : 4; // api/v1/<resource> or apis/<group>/<version>/<resource>
    if (parts.size() < minParts) {
      return RequestInfo.nonResource(nonResourceVerb, path);
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
    return new RequestInfo(verb, true, path, group, version, namespace, resource, subresource, name);
  }

  /** The query's first values, read from the query string only (never from a form body). */
  public static Map<String, String> query(String queryString) {
    Map<String, String> query = new HashMap<>();
    if (queryString != null) {
      for (String pair : queryString.split("&")) {
        int eq = pair.indexOf('=');
        try {
          String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
          query.putIfAbsent(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
          // a malformed escape: the API answers it; the request info ignores the parameter
        }
      }
    }
    return query;
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
