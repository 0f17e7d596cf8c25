package dev.customapiserver.auth.requestheader;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * What a front proxy must present and which headers it may set, as kube's {@code
 * --requestheader-*} flags or the {@code requestheader-*} keys of the {@code
 * extension-apiserver-authentication} ConfigMap.
 *
 * @param clientCa the CAs that sign the proxy's client certificate (never empty)
 * @param allowedNames common names the proxy certificate may have; empty = any
 * @param usernameHeaders headers holding the user name, the first one set wins
 * @param uidHeaders headers holding the user's UID, the first one set wins
 * @param groupHeaders headers holding groups, every value of each
 * @param extraHeaderPrefixes prefixes of headers holding extra attributes
 */
public record RequestHeaderConfig(
    List<X509Certificate> clientCa,
    List<String> allowedNames,
    List<String> usernameHeaders,
    List<String> uidHeaders,
    List<String> groupHeaders,
    List<String> extraHeaderPrefixes) {

  public RequestHeaderConfig {
    if (clientCa.isEmpty()) {
      throw new IllegalArgumentException("a request-header configuration needs at least one CA certificate");
    }
    clientCa = List.copyOf(clientCa);
    allowedNames = List.copyOf(allowedNames);
    usernameHeaders = trimmed(usernameHeaders);
    uidHeaders = trimmed(uidHeaders);
    groupHeaders = trimmed(groupHeaders);
    extraHeaderPrefixes = trimmed(extraHeaderPrefixes);
  }

  private static List<String> trimmed(List<String> names) {
    return names.stream().map(String::trim).filter(n -> !n.isEmpty()).toList();
  }
}
