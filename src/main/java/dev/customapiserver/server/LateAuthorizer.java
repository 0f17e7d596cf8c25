package dev.customapiserver.server;

import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.rbac.RuleResolver;
import java.util.List;
import java.util.function.Supplier;

/**
 * The server's authorizer for those made before it (the RBAC escalation check in the registry's
 * admission asks it for {@code escalate} and {@code bind}): set once the registry it reads from exists.
 */
final class LateAuthorizer implements Authorizer, Supplier<Authorizer> {
  private volatile Authorizer authorizer;
  private volatile Authorizer modes;

  Authorizer set(Authorizer a) {
    this.authorizer = a;
    return a;
  }

  /** Remembers {@code a}, the authorizer of the modes, for {@link #rulesFor}; returns it. */
  Authorizer modes(Authorizer a) {
    this.modes = a;
    return a;
  }

  /** The rules {@code user} holds in {@code namespace} under the authorization modes (none before {@link #set}). */
  RuleResolver.Rules rulesFor(UserInfo user, String namespace) {
    return modes instanceof AuthorizationWiring.ModeAuthorizer m ? m.rules().apply(user, namespace)
        : new RuleResolver.Rules(List.of(), List.of("the authorizer cannot list rules"));
  }

  @Override
  public Authorizer get() {
    return this;
  }

  @Override
  public Decision authorize(AuthorizationAttributes attributes) {
    Authorizer a = authorizer;
    return a == null ? Decision.deny("the authorizer is not ready") : a.authorize(attributes);
  }
}
