package dev.customapiserver.auth;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;

/**
 * What a request presents to prove who it is, read from the transport by the authentication filter:
 * a bearer token (from {@code Authorization: Bearer} or the WebSocket subprotocol) and the TLS client
 * certificate chain (leaf first; empty over plain HTTP or when the client sent none).
 *
 * @param invalidTokenOffer a token was offered in a malformed way (e.g. a bad WebSocket subprotocol)
 */
public record Credentials(Optional<String> bearerToken, List<X509Certificate> clientCertificates,
    boolean invalidTokenOffer) {

  public Credentials {
    clientCertificates = List.copyOf(clientCertificates);
  }

  /** Only a bearer token. */
  public static Credentials token(String token) {
    return new Credentials(Optional.of(token), List.of(), false);
  }

  /** Only a client certificate chain. */
  public static Credentials certificates(List<X509Certificate> chain) {
    return new Credentials(Optional.empty(), chain, false);
  }

  /** Nothing at all. */
  public static Credentials none() {
    return new Credentials(Optional.empty(), List.of(), false);
  }
}
