package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.RequestInfo;

/**
 * What a request asks, as kube-apiserver's authorizer.Attributes. For resource requests the API
 * fields are set (strings empty when absent); for other paths only {@code verb} (the lower-case HTTP
 * method) and {@code path}.
 *
 * @param verb get, list, watch, create, update, patch, delete, deletecollection; or get, post, ... for paths
 * @param apiGroup "" for the core group
 */
public record AuthorizationAttributes(
    UserInfo user,
    String verb,
    boolean resourceRequest,
    String apiGroup,
    String apiVersion,
    String resource,
    String subresource,
    String namespace,
    String name,
    String path) {

  /** What {@code user} asks with the request {@code info}. */
  public static AuthorizationAttributes of(UserInfo user, RequestInfo info) {
    return new AuthorizationAttributes(user, info.verb(), info.resourceRequest(), info.apiGroup(), info.apiVersion(),
        info.resource(), info.subresource(), info.namespace(), info.name(), info.path());
  }

  /** A request outside the API's resources, e.g. {@code GET /healthz}. */
  public static AuthorizationAttributes nonResource(UserInfo user, String verb, String path) {
    return new AuthorizationAttributes(user, verb, false, "", "", "", "", "", "", path);
  }

  /** kube-apiserver's wording of a denial: {@code User "u" cannot get resource "foos" in API group ...}. */
  public String forbiddenMessage() {
    String who = "User \"" + (user == null ? "" : user.name()) + "\" cannot " + verb;
    if (!resourceRequest) {
      return who + " path \"" + path + "\"";
    }
    String res = subresource.isEmpty() ? resource : resource + "/" + subresource;
    String where = namespace.isEmpty() ? " at the cluster scope" : " in the namespace \"" + namespace + "\"";
    return who + " resource \"" + res + "\" in API group \"" + apiGroup + "\"" + where;
  }
}
