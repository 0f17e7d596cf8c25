package dev.customapiserver.server.embedded;

import dev.customapiserver.api.meta.Status;
import dev.customapiserver.filters.ErrorPageServlet;
import dev.customapiserver.runtime.Codecs;
import java.nio.ByteBuffer;
import org.eclipse.jetty.ee10.servlet.ErrorPageErrorHandler;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own answers as JSON Status: requests refused while parsing (414 URI too long, 431 headers
 * too large, a malformed request line) by the server's error handler, refusals inside the servlet
 * context (ambiguous paths) by the error page the WAR's {@code web.xml} names as well.
 */
final class StatusErrors extends ErrorHandler {
  private final Codecs codecs = new Codecs();

  static void install(Server jetty, ServletContextHandler context) {
    jetty.setErrorHandler(new StatusErrors());
    ErrorPageErrorHandler pages = new ErrorPageErrorHandler();
    pages.addErrorPage(ErrorPageErrorHandler.GLOBAL_ERROR_PAGE, ErrorPageServlet.PATH);
    context.setErrorHandler(pages);
  }

  private byte[] json(int code, String message) {
    Status s = ErrorPageServlet.status(code, message);
    return codecs.toJson(s);
  }

  @Override
  protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
      Callback callback) {
    byte[] body = json(code, message);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache, private");
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(new HttpField(HttpHeader.CONTENT_TYPE, "application/json"));
    return ByteBuffer.wrap(json(status, reason));
  }
}
