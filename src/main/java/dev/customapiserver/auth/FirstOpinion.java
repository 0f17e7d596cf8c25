package dev.customapiserver.auth;

import java.util.ArrayList;
import java.util.List;

/**
 * kube's union authorizer: the first authorizer with an opinion decides; none = deny, carrying the
 * errors of those that failed to decide.
 */
final class FirstOpinion implements Authorizer {
  private final List<Authorizer> authorizers;

  FirstOpinion(Authorizer... authorizers) {
    this.authorizers = List.of(authorizers);
  }

  @Override
  public Decision authorize(AuthorizationAttributes attributes) {
    List<String> errors = new ArrayList<>();
    for (Authorizer a : authorizers) {
      Decision d = a.authorize(attributes);
      if (d.verdict() != Verdict.NO_OPINION) {
        return d;
      }
      if (d.failed()) {
        errors.add(d.error());
      }
    }
    return new Decision(Verdict.DENY, "", String.join(", ", errors));
  }
}
