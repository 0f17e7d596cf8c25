package dev.customapiserver.client;

import java.net.InetAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A kubeconfig cluster's {@code tls-server-name}: the server's chain is verified by {@code
 * chains} (the cluster's CA or the JVM's trust) and its certificate must name {@code serverName},
 * not the host of the server URL, as Go's {@code tls.Config.ServerName} does (DNS names of the
 * subject alternative names with a leftmost {@code *} label; IP addresses when the name is one).
 */
final class ServerNameTrust extends X509ExtendedTrustManager {
  private final X509TrustManager chains;
  private final String serverName;

  ServerNameTrust(X509TrustManager chains, String serverName) {
    this.chains = chains;
    this.serverName = serverName;
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
    chains.checkServerTrusted(chain, authType);
    verifyName(chain[0], serverName);
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
    checkServerTrusted(chain, authType);
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
    checkServerTrusted(chain, authType);
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
    throw new CertificateException("not a server");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
    checkClientTrusted(chain, authType);
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
    checkClientTrusted(chain, authType);
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return chains.getAcceptedIssuers();
  }

  /** Go's {@code x509: certificate is valid for a, b, not c} when {@code certificate} does not name {@code name}. */
  static void verifyName(X509Certificate certificate, String name) throws CertificateException {
    boolean ip = name.matches("[0-9.]+") || name.contains(":");
    List<String> names = new ArrayList<>();
    Collection<List<?>> sans;
    try {
      sans = certificate.getSubjectAlternativeNames();
    } catch (CertificateParsingException e) {
      throw new CertificateException("x509: cannot read the subject alternative names: " + e.getMessage(), e);
    }
    for (List<?> san : sans == null ? List.<List<?>>of() : sans) {
      int type = (Integer) san.get(0);
      String value = String.valueOf(san.get(1));
      if (type == 2 && !ip) {
        names.add(value);
        if (matches(value, name)) {
          return;
        }
      } else if (type == 7) {
        names.add(value);
        if (ip && sameAddress(value, name)) {
          return;
        }
      }
    }
    throw new CertificateException(names.isEmpty()
        ? "x509: certificate is not valid for any names, but wanted to match " + name
        : "x509: certificate is valid for " + String.join(", ", names) + ", not " + name);
  }

  private static boolean matches(String pattern, String host) {
    String p = pattern.toLowerCase(Locale.ROOT);
    String h = host.toLowerCase(Locale.ROOT);
    if (p.endsWith(".")) {
      p = p.substring(0, p.length() - 1);
    }
    if (h.endsWith(".")) {
      h = h.substring(0, h.length() - 1);
    }
    if (!p.startsWith("*.")) {
      return p.equals(h);
    }
    int dot = h.indexOf('.');
    return dot > 0 && h.substring(dot).equals(p.substring(1));
  }

  private static boolean sameAddress(String a, String b) {
    try {
      return InetAddress.getByName(a).equals(InetAddress.getByName(b));
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
