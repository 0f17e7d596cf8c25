package dev.customapiserver.server;

import dev.customapiserver.auth.AuthorizationAttributes;
import dev.customapiserver.auth.Authorizer;
import java.util.function.Supplier;

/**
 * The server's authorizer for those made before it (the RBAC escalation check in the registry's
 * admission asks it for {@code escalate} and {@code bind}): set once the registry it reads from exists.
 */
final class LateAuthorizer implements Authorizer, Supplier<Authorizer> {
  private volatile Authorizer authorizer;

  Authorizer set(Authorizer a) {
    this.authorizer = a;
    return a;
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
