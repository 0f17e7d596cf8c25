package dev.customapiserver.auth;

/**
 * Decides whether a user may do what a request asks. The seam RBAC or a webhook plug into later;
 * today {@link #authenticatedMayDoEverything()}.
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
}
