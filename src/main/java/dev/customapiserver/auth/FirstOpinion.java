package dev.customapiserver.auth;

import java.util.List;

/** kube's union authorizer: the first authorizer with an opinion decides; none = deny. */
final class FirstOpinion implements Authorizer {
  private final List<Authorizer> authorizers;

  FirstOpinion(Authorizer... authorizers) {
    this.authorizers = List.of(authorizers);
  }

  @Override
  public Decision authorize(AuthorizationAttributes attributes) {
    for (Authorizer a : authorizers) {
      Decision d = a.authorize(attributes);
      if (d.verdict() != Verdict.NO_OPINION) {
        return d;
      }
    }
    return Decision.deny("");
  }
}
