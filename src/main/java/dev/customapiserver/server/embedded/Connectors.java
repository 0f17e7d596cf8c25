package dev.customapiserver.server.embedded;

import dev.customapiserver.server.datadir.ServingIdentity;
import java.security.SecureRandom;
import java.util.Base64;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/** The HTTPS and plain HTTP connectors (HTTP/1.1). */
final class Connectors {
  private Connectors() {}

  static ServerConnector https(Server server, String host, int port, ServingIdentity identity) {
    byte[] secret = new byte[18];
    new SecureRandom().nextBytes(secret);
    String password = Base64.getEncoder().encodeToString(secret); // protects the in-memory key store only
    SslContextFactory.Server tls = new ClientCertificateRequest();
    tls.setKeyStore(identity.keyStore(password.toCharArray()));
    tls.setKeyStorePassword(password);
    tls.setKeyManagerPassword(password);
    tls.setCipherComparator(new KubeCipherOrder());
    HttpConfiguration config = httpConfiguration();
    config.setSecureScheme("https");
    SecureRequestCustomizer secure = new SecureRequestCustomizer();
    secure.setSniHostCheck(false); // clients may reach us by any name the operator's certificate has
    config.addCustomizer(secure);
    ServerConnector c = new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"),
        new ConnectWithPath(config));
    c.setHost(host);
    c.setPort(port);
    c.setName("https");
    return c;
  }

  static ServerConnector http(Server server, String host, int port) {
    ServerConnector c = new ServerConnector(server, new ConnectWithPath(httpConfiguration()));
    c.setHost(host);
    c.setPort(port);
    c.setName("http");
    return c;
  }

  private static HttpConfiguration httpConfiguration() {
    HttpConfiguration config = new HttpConfiguration();
    config.setSendServerVersion(false);
    config.setSendXPoweredBy(false);
    return config;
  }
}
