package dev.customapiserver.endpoints.call;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.registry.RequestContext;
import java.util.List;

/** The registry's view of a call: URL namespace and user (and for writes the API version and a warnings sink). */
public final class Contexts {
  private static final UserInfo ANONYMOUS = UserInfo.of("system:anonymous", "system:unauthenticated");

  private Contexts() {}

  public static RequestContext of(Call call) {
    UserInfo user = call.user();
    return new RequestContext(call.path("namespace"), user == null ? ANONYMOUS : user);
  }

  /** A write in {@code version} whose admission warnings go to {@code warnings}. */
  public static RequestContext of(Call call, String version, List<String> warnings) {
    call.checkDeadline();
    UserInfo user = call.user();
    return new RequestContext(call.path("namespace"), user == null ? ANONYMOUS : user, version, warnings::add);
  }
}
