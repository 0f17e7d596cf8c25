package dev.customapiserver.filters;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.StatusReason;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.stream.Stream;

/**
 * Turns {@code sendError} below it (Jersey's bare 404/405, a container's refusal) into a Status JSON
 * body instead of the container's HTML error page, in any servlet container; refuses Content-Type and
 * Accept headers that name no media type (415, 406) before Jersey answers them with a bare 400.
 */
public final class SendErrorAsStatusFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private final transient StatusWriter writer;

  public SendErrorAsStatusFilter(Codecs codecs) {
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    var refused = MediaTypeHeaders.check(request.getHeader("Content-Type"), request.getHeader("Accept"));
    if (refused.isPresent()) {
      writer.write(request, response, refused.get().status());
      return;
    }
    chain.doFilter(request, new HttpServletResponseWrapper(response) {
      @Override
      public void sendError(int code) throws IOException {
        sendError(code, null);
      }

      @Override
      public void sendError(int code, String message) throws IOException {
        if (isCommitted()) {
          super.sendError(code, message);
          return;
        }
        resetBuffer();
        writer.write(request, (HttpServletResponse) getResponse(), status(code, message));
        flushBuffer();
      }
    });
  }

  static Status status(int code, String message) {
    if (code == StatusReason.NOT_FOUND.code()) {
      return Errors.pathNotFound().status();
    }
    if (code == StatusReason.METHOD_NOT_ALLOWED.code()) {
      return Errors.methodNotAllowed().status();
    }
    Status s = new Status();
    s.status = Status.FAILURE;
    s.code = code;
    s.reason = Stream.of(StatusReason.values()).filter(r -> r.code() == code).map(StatusReason::wire).findFirst().orElse(null);
    s.message = message != null && !message.isBlank() ? message : "the server responded with the status code " + code;
    return s;
  }
}
