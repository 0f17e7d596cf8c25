package dev.customapiserver.endpoints.watch;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The filter in front of the REST application that lets watch responses use servlet non-blocking
 * I/O. Jersey writes responses with blocking I/O; a watch handler instead leaves its stream in this
 * request's hand-off slot (the request attribute {@link #ATTRIBUTE}) and answers an empty 200 with
 * the watch's headers, which reach the real response while its body and length are held back. When
 * Jersey is done, the filter starts async processing and gives the stream a {@link ServletWatchOutput}.
 * Install it last, right before the REST servlet; without it watches fall back to blocking writes.
 */
public final class WatchHandOff extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(WatchHandOff.class.getName());
  public static final String ATTRIBUTE = WatchHandOff.class.getName();

  /** The slot of one request: empty, or the stream that takes over the response. */
  public static final class Slot {
    private volatile Consumer<ServletWatchOutput> taker;

    /** Claims the response for {@code taker}, which gets the non-blocking output once Jersey is done. */
    public void take(Consumer<ServletWatchOutput> t) {
      taker = t;
    }

    boolean taken() {
      return taker != null;
    }
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (!request.isAsyncSupported()) {
      chain.doFilter(request, response);
      return;
    }
    Slot slot = new Slot();
    request.setAttribute(ATTRIBUTE, slot);
    chain.doFilter(request, new HeldBodyResponse(response, slot::taken));
    Consumer<ServletWatchOutput> taker = slot.taker;
    if (taker == null) {
      return;
    }
    AsyncContext async = request.startAsync(request, response);
    async.setTimeout(0); // the stream has its own timeout
    try {
      taker.accept(new ServletWatchOutput(async));
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.FINE, "watch response could not start", e);
      async.complete();
    }
  }
}
