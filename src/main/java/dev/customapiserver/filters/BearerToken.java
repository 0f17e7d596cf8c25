package dev.customapiserver.filters;

import java.util.Locale;
import java.util.Optional;

/**
 * The token of an {@code Authorization} header, read exactly as kube-apiserver's bearer-token
 * authenticator: the trimmed header split on single spaces into at most three parts, the first
 * {@code bearer} in any case, the token the second part. {@code Bearer  abc} (two spaces) has an empty
 * second part: no token (the request goes on as if it had none) and a warning for the client;
 * text after a further space is ignored.
 */
record BearerToken(Optional<String> token, Optional<String> warning) {
  static final String EXTRA_SPACE_WARNING =
      "the provided Authorization header contains extra space before the bearer token, and is ignored";
  private static final BearerToken NONE = new BearerToken(Optional.empty(), Optional.empty());

  static BearerToken of(String header) {
    String auth = header == null ? "" : header.strip();
    if (auth.isEmpty()) {
      return NONE;
    }
    String[] parts = auth.split(" ", 3);
    if (parts.length < 2 || !parts[0].toLowerCase(Locale.ROOT).equals("bearer")) {
      return NONE;
    }
    if (parts[1].isEmpty()) {
      return parts.length == 3 ? new BearerToken(Optional.empty(), Optional.of(EXTRA_SPACE_WARNING)) : NONE;
    }
    return new BearerToken(Optional.of(parts[1]), Optional.empty());
  }
}
