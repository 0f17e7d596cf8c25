package dev.customapiserver.auth;

import java.util.ArrayList;
import java.util.List;

/**
 * kube's union authorizer: the first authorizer with an opinion decides; none = no opinion (a denial),
 * with the reasons the others gave (joined by new lines) and the errors of those that failed to decide.
 */
final class FirstOpinion implements Authorizer {
  private final List<Authorizer> authorizers;

  FirstOpinion(Authorizer... authorizers) {
    this(List.of(authorizers));
  }

  FirstOpinion(List<Authorizer> authorizers) {
    this.authorizers = List.copyOf(authorizers);
  }

  @Override
  public Decision authorize(AuthorizationAttributes attributes) {
    List<String> reasons = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    for (Authorizer a : authorizers) {
      Decision d = a.authorize(attributes);
      if (d.verdict() != Verdict.NO_OPINION) {
        return d;
      }
      if (!d.reason().isEmpty()) {
        reasons.add(d.reason());
      }
      if (d.failed()) {
        errors.add(d.error());
      }
    }
    return new Decision(Verdict.NO_OPINION, String.join("\n", reasons), String.join(", ", errors));
  }
}
