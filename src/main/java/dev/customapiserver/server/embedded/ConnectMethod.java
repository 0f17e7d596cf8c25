package dev.customapiserver.server.embedded;

import dev.customapiserver.filters.ErrorPageServlet;
import dev.customapiserver.runtime.Codecs;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code CONNECT /some/path} is 405 MethodNotAllowed as a Status, as kube-apiserver answers it (Go
 * hands a CONNECT with a path to the handler, and no route of go-restful takes CONNECT). It arrives
 * here as {@link ConnectWithPath#METHOD}; this answers before the servlet context is asked. A
 * CONNECT to {@code host:port} goes on as before (404, no such path).
 */
final class ConnectMethod extends Handler.Wrapper {
  private final Codecs codecs = new Codecs();

  ConnectMethod(Handler next) {
    super(next);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!ConnectWithPath.METHOD.equals(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    byte[] body = codecs.toJson(ErrorPageServlet.status(405, "the server does not allow this method on the requested resource"));
    response.setStatus(405);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache, private");
    response.write(true, ByteBuffer.wrap(body), callback);
    return true;
  }
}
