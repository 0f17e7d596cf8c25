package dev.customapiserver.auth;

import java.util.List;
import java.util.Set;

/**
 * Decides whether a user may do what a request asks: RBAC, a webhook, AlwaysAllow, AlwaysDeny, in
 * the order of {@code --authorization-mode}, behind the system:masters authorizer ({@link #union}).
 */
public interface Authorizer {

  Decision authorize(AuthorizationAttributes attributes);

  /**
   * The outcome; {@code reason} is appended to the 403 message when not empty. {@code error} (not
   * empty) says an authorizer could not decide (e.g. its webhook failed): unless another allows, the
   * request fails with 500 naming it, never an accidental allow.
   */
  record Decision(Verdict verdict, String reason, String error) {
    public Decision(Verdict verdict, String reason) {
      this(verdict, reason, "");
    }

    /** No opinion because deciding failed; {@code error} names what failed. */
    public static Decision failed(String error) {
      return new Decision(Verdict.NO_OPINION, "", error);
    }

    public boolean failed() {
      return !error.isEmpty();
    }

    public static Decision allow() {
      return new Decision(Verdict.ALLOW, "");
    }

    public static Decision deny(String reason) {
      return new Decision(Verdict.DENY, reason);
    }

    public static Decision noOpinion() {
      return new Decision(Verdict.NO_OPINION, "");
    }

    public boolean allowed() {
      return verdict == Verdict.ALLOW;
    }
  }

  /** As kube: an authorizer may allow, deny, or leave the decision to the next one. */
  enum Verdict { ALLOW, DENY, NO_OPINION }

  /** kube's union: the first of {@code authorizers} with an opinion decides; none = deny. */
  static Authorizer firstOpinion(Authorizer... authorizers) {
    return new FirstOpinion(authorizers);
  }

  /**
   * Any authenticated user may do everything; anyone may GET the {@link PublicPaths public
   * paths}; everything else is denied.
   */
  static Authorizer authenticatedMayDoEverything() {
    return new FirstOpinion(new PublicInfoViewer(), new AuthenticatedUsers());
  }

  /** kube's union: asks {@code authorizers} in order; the first opinion decides, none denies. */
  static Authorizer union(List<Authorizer> authorizers) {
    return new FirstOpinion(authorizers);
  }

  /** {@code --authorization-mode=AlwaysAllow}: every request is allowed. */
  static Authorizer alwaysAllow() {
    return a -> Decision.allow();
  }

  /** {@code --authorization-mode=AlwaysDeny}: no opinion on anything, "Everything is forbidden.". */
  static Authorizer alwaysDeny() {
    return a -> new Decision(Verdict.NO_OPINION, "Everything is forbidden.");
  }

  /** Allows every request of a user in one of {@code groups} (kube's system:masters authorizer); otherwise no opinion. */
  static Authorizer privilegedGroups(Set<String> groups) {
    return a -> a.user() != null && a.user().groups().stream().anyMatch(groups::contains) ? Decision.allow()
        : Decision.noOpinion();
  }
}
