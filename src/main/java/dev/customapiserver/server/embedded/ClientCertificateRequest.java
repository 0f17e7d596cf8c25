package dev.customapiserver.server.embedded;

import java.net.Socket;
import java.security.KeyStore;
import java.security.cert.CRL;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * TLS that asks every client for a certificate but never requires one nor judges it during the
 * handshake, as kube-apiserver's {@code tls.RequestClientCert}: the authenticators verify the
 * presented chain per request against the CA that applies then (the client CA, or the front-proxy CA
 * of the request-header authenticator, which may rotate while serving). An empty list of acceptable
 * issuers makes Go clients (kubectl) send their configured certificate.
 */
final class ClientCertificateRequest extends SslContextFactory.Server {
  ClientCertificateRequest() {
    setWantClientAuth(true);
  }

  @Override
  protected TrustManager[] getTrustManagers(KeyStore trustStore, Collection<? extends CRL> crls) {
    return new TrustManager[] {new AcceptAnyClient()};
  }

  /** Accepts any client chain; the authenticators decide what it is worth. */
  private static final class AcceptAnyClient extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
      checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
      checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      throw new UnsupportedOperationException("a server-side trust manager judges clients only");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
