package dev.customapiserver.auth;

import dev.customapiserver.auth.requestheader.RequestHeaders;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;

/**
 * What a request presents to prove who it is, read from the transport by the authentication filter:
 * a bearer token (from {@code Authorization: Bearer} or the WebSocket subprotocol), the TLS client
 * certificate chain (leaf first; empty over plain HTTP or when the client sent none) and the request
 * headers (which a front proxy's identity headers are read from, only when its certificate is trusted).
 *
 * @param invalidTokenOffer a token was offered in a malformed way (e.g. a bad WebSocket subprotocol)
 * @param loopbackPeer the TCP peer of the connection is a loopback address (never judged from headers)
 */
public record Credentials(Optional<String> bearerToken, List<X509Certificate> clientCertificates,
    boolean invalidTokenOffer, RequestHeaders headers, boolean loopbackPeer) {

  /** No headers. */
  private static final RequestHeaders NO_HEADERS = new RequestHeaders() {
    @Override
    public List<String> names() {
      return List.of();
    }

    @Override
    public List<String> values(String name) {
      return List.of();
    }
  };

  public Credentials {
    clientCertificates = List.copyOf(clientCertificates);
    headers = headers == null ? NO_HEADERS : headers;
  }

  /** From a peer that is not known to be local. */
  public Credentials(Optional<String> bearerToken, List<X509Certificate> clientCertificates, boolean invalidTokenOffer,
      RequestHeaders headers) {
    this(bearerToken, clientCertificates, invalidTokenOffer, headers, false);
  }

  /** Whether nothing at all was presented: no token (not even a malformed offer), no client certificate. */
  public boolean empty() {
    return bearerToken.isEmpty() && clientCertificates.isEmpty() && !invalidTokenOffer;
  }

  /** Without headers. */
  public Credentials(Optional<String> bearerToken, List<X509Certificate> clientCertificates, boolean invalidTokenOffer) {
    this(bearerToken, clientCertificates, invalidTokenOffer, NO_HEADERS);
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
