package dev.customapiserver.server.embedded;

import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * HTTP/1.1 connections that keep the path of {@code CONNECT /some/path}: Jetty reads the target of
 * every CONNECT as an authority ({@code host:port}), so such a request has no path and is refused as
 * 400 while parsing. Go serves it to the handler with its path, and kube-apiserver answers 405; this
 * passes it on with {@link #METHOD} so {@link ConnectMethod} can answer as kube.
 */
final class ConnectWithPath extends HttpConnectionFactory {
  /** The method a {@code CONNECT} with a path arrives with in the handlers. */
  static final String METHOD = "CONNECT-PATH";

  ConnectWithPath(HttpConfiguration config) {
    super(config);
  }

  @Override
  public Connection newConnection(Connector connector, EndPoint endPoint) {
    HttpConnection c = new HttpConnection(getHttpConfiguration(), connector, endPoint) {
      @Override
      protected HttpStreamOverHTTP1 newHttpStream(String method, String uri, HttpVersion version) {
        boolean withPath = HttpMethod.CONNECT.is(method) && uri != null && uri.startsWith("/");
        return super.newHttpStream(withPath ? METHOD : method, uri, version);
      }
    };
    c.setUseInputDirectByteBuffers(isUseInputDirectByteBuffers());
    c.setUseOutputDirectByteBuffers(isUseOutputDirectByteBuffers());
    return configure(c, connector, endPoint);
  }
}
