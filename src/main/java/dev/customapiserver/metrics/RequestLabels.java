package dev.customapiserver.metrics;

import dev.customapiserver.request.RequestInfo;
import java.util.Locale;

/**
 * The labels kube-apiserver puts on a request's metrics: the reported verb ({@code GET}, {@code
 * LIST}, {@code WATCH}, {@code POST}, {@code PUT}, {@code PATCH}, {@code APPLY}, {@code DELETE},
 * {@code DELETECOLLECTION}, {@code CONNECT}; for non-resource paths the HTTP method), {@code dry_run}
 * ({@code All} or empty), group, version, resource, subresource and scope ({@code resource} for one
 * named object or a create, {@code namespace}, {@code cluster}, or empty for non-resource paths).
 */
public record RequestLabels(String verb, String dryRun, String group, String version, String resource,
    String subresource, String scope) {
  static final String COMPONENT = "apiserver";
  /** The one priority level the fair queues have, reported like kube's catch-all. */
  static final String PRIORITY_LEVEL = "global-default";
  private static final String APPLY_PATCH = "application/apply-patch+yaml";

  /** The labels of a request with {@code info}, its {@code Content-Type} and query string (both may be null). */
  public static RequestLabels of(RequestInfo info, String contentType, String query) {
    String dryRun = query != null && (query.startsWith("dryRun=All") || query.contains("&dryRun=All")) ? "All" : "";
    if (!info.resourceRequest()) {
      return new RequestLabels(info.verb().toUpperCase(Locale.ROOT), dryRun, "", "", "", "", "");
    }
    return new RequestLabels(verb(info.verb(), contentType), dryRun, info.apiGroup(), info.apiVersion(), info.resource(),
        info.subresource(), scope(info));
  }

  private static String verb(String verb, String contentType) {
    return switch (verb) {
      case "create" -> "POST";
      case "update" -> "PUT";
      case "patch" -> contentType != null && contentType.startsWith(APPLY_PATCH) ? "APPLY" : "PATCH";
      default -> verb.toUpperCase(Locale.ROOT);
    };
  }

  private static String scope(RequestInfo info) {
    if (!info.name().isEmpty() || info.verb().equals("create")) {
      return "resource";
    }
    return info.namespace().isEmpty() ? "cluster" : "namespace";
  }
}
