package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.auth.AuthorizationAttributes;

/** kube-apiserver's 403 for a denied request ({@code responsewriters.Forbidden}). */
final class Forbidden {
  private Forbidden() {}

  /**
   * {@code foos.g "x" is forbidden: User "u" cannot get resource "foos" in API group "g" in the
   * namespace "ns"[: reason]}; for paths {@code forbidden: User "u" cannot get path "/p"}.
   */
  static Status status(AuthorizationAttributes a, String reason) {
    String why = reason.isEmpty() ? a.forbiddenMessage() : a.forbiddenMessage() + ": " + reason;
    if (a.resourceRequest() && !a.resource().isEmpty()) {
      return Errors.forbidden(new Errors.Resource(a.apiGroup(), a.resource()), a.name(), why).status();
    }
    Status s = Errors.forbidden(new Errors.Resource("", "forbidden"), "", why).status();
    s.message = "forbidden: " + why;
    s.details = new Status.Details();
    return s;
  }
}
