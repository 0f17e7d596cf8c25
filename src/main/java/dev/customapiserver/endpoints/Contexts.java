package dev.customapiserver.endpoints;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.registry.RequestContext;

/** The registry's view of a call: URL namespace and user. */
final class Contexts {
  private static final UserInfo ANONYMOUS = UserInfo.of("system:anonymous", "system:unauthenticated");

  private Contexts() {}

  static RequestContext of(Call call) {
    UserInfo user = call.user();
    return new RequestContext(call.path("namespace"), user == null ? ANONYMOUS : user);
  }
}
