package dev.customapiserver.auth;

import dev.customapiserver.api.meta.UserInfo;

/**
 * One way of telling who a request comes from, as kube-apiserver's {@code authenticator.Request}: it
 * recognises the credentials it understands and either names the user or rejects them; credentials
 * it does not understand are left to the others.
 */
public interface Authenticator {

  Result authenticate(Credentials credentials);

  /** The three answers of an authenticator. */
  sealed interface Result {
    /** Nothing this authenticator understands (e.g. no client certificate). */
    record NotRecognized() implements Result {}

    /** The credentials name {@code user}. */
    record Authenticated(UserInfo user) implements Result {}

    /** The credentials are this authenticator's kind but not valid; {@code error} is for the log. */
    record Rejected(String error) implements Result {}

    static Result notRecognized() {
      return new NotRecognized();
    }

    static Result rejected(String error) {
      return new Rejected(error);
    }
  }
}
