package dev.customapiserver.auth.webhook;

import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import java.util.List;

/** kube's privileged-groups authorizer ({@code --authorization-always-allow-groups}): members may do everything. */
public final class PrivilegedGroups implements Authorizer {
  private final List<String> groups;

  public PrivilegedGroups(List<String> groups) {
    this.groups = List.copyOf(groups);
  }

  @Override
  public Decision authorize(AuthorizationAttributes a) {
    return a.user() != null && a.user().groups().stream().anyMatch(groups::contains) ? Decision.allow() : Decision.noOpinion();
  }
}
