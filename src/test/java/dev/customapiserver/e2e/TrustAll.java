package dev.customapiserver.e2e;

import java.net.Socket;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/** A TLS context that accepts any server certificate for any host (WildFly's self-signed localhost one). */
final class TrustAll extends X509ExtendedTrustManager {
  private TrustAll() {
  }

  static SSLContext context() throws Exception {
    SSLContext ssl = SSLContext.getInstance("TLS");
    ssl.init(null, new TrustManager[] {new TrustAll()}, new SecureRandom());
    return ssl;
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType) {
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return new X509Certificate[0];
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
  }
}
