package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * The container's error page: what the servlet container refuses before our filters run (an
 * ambiguous path, a malformed request) is answered with a JSON Status of the same code, in any
 * container. The WAR names it in {@code web.xml} ({@code <error-page>}), the embedded server in its
 * context's error handler. Requested directly, it is a path like any unknown one: 404.
 */
public final class ErrorPageServlet extends HttpServlet {
  /** Where the error page is mapped. */
  public static final String PATH = "/.status-error";
  private static final long serialVersionUID = 1L;
  /** Messages that would show the container's internals are replaced. */
  private static final Pattern INTERNALS = Pattern.compile("(?i)jetty|tomcat|servlet|java\\.|Exception|\\.class|<");
  private final transient StatusWriter writer;

  public ErrorPageServlet(Codecs codecs) {
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
    if (request.getDispatcherType() != DispatcherType.ERROR) {
      writer.write(request, response, Errors.pathNotFound().status());
      return;
    }
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
    response.resetBuffer();
    writer.write(request, response, status(code instanceof Integer i ? i : 500, message == null ? null : message.toString()));
  }

  /** The Status for a container's refusal with {@code code}: kube's reason and a message without internals. */
  public static Status status(int code, String message) {
    if (code >= 500) {
      return Errors.internal("an unexpected error occurred; see the server log", null).status();
    }
    String m = message == null || INTERNALS.matcher(message).find() ? null : message;
    return SendErrorAsStatusFilter.status(code, m);
  }
}
