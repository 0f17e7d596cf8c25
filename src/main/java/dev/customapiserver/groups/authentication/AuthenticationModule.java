package dev.customapiserver.groups.authentication;

import dev.customapiserver.apis.authentication.AuthenticationGroup;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import java.util.List;

/**
 * Registers the {@code authentication.k8s.io} group (v1) so discovery lists it; it stores nothing:
 * its resources, TokenReview and SelfSubjectReview, are create-only and served by the server.
 */
public final class AuthenticationModule implements ApiGroupModule {
  public static final String GROUP = AuthenticationGroup.NAME;
  public static final String VERSION = AuthenticationGroup.VERSION;

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of(VERSION), List.of());
  }
}
