package dev.customapiserver.endpoints.call;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.registry.RegistryContext;
import java.util.List;

/** The registry's view of a call: URL namespace and user (and for writes the API version and a warnings sink). */
public final class Contexts {
  private static final UserInfo ANONYMOUS = UserInfo.of("system:anonymous", "system:unauthenticated");

  private Contexts() {}

  public static RegistryContext of(Call call) {
    UserInfo user = call.user();
    return new RegistryContext(call.path("namespace"), user == null ? ANONYMOUS : user);
  }

  /** A write in {@code version} whose admission warnings go to {@code warnings}. */
  public static RegistryContext of(Call call, String version, List<String> warnings) {
    call.checkDeadline();
    UserInfo user = call.user();
    return new RegistryContext(call.path("namespace"), user == null ? ANONYMOUS : user, version, warnings::add);
  }
}
