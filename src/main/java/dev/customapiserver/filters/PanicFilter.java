package dev.customapiserver.filters;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The outermost filter: whatever escapes the chain becomes a 500 Status naming no internals (an
 * {@link ApiException} keeps its own Status); the stack trace goes to the server log only.
 */
public final class PanicFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(PanicFilter.class.getName());
  private final transient StatusWriter writer;

  public PanicFilter(Codecs codecs) {
    this.writer = new StatusWriter(codecs);
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    try {
      chain.doFilter(request, response);
    } catch (Throwable t) {
      Throwable cause = t instanceof ServletException && t.getCause() != null ? t.getCause() : t;
      ApiException error = cause instanceof ApiException api ? api
          : Errors.internal("the server could not handle the request; see the server log", t);
      String what = request.getMethod() + " " + request.getRequestURI();
      if (error.code() >= 500) {
        LOG.log(System.Logger.Level.ERROR, "Unexpected failure of " + what, t);
      }
      if (response.isCommitted()) {
        LOG.log(System.Logger.Level.WARNING, "Response to {0} already started; the client sees a broken response", what);
        return;
      }
      response.reset();
      writer.write(request, response, error.status());
    }
  }
}
