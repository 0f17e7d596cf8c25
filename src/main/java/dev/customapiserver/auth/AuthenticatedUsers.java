package dev.customapiserver.auth;

/** Allows everything to members of {@code system:authenticated}. */
final class AuthenticatedUsers implements Authorizer {
  @Override
  public Decision authorize(AuthorizationAttributes a) {
    return a.user() != null && a.user().groups().contains(SystemGroups.AUTHENTICATED)
        ? Decision.allow() : Decision.noOpinion();
  }
}
