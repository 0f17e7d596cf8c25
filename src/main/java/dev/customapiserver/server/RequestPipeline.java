package dev.customapiserver.server;

import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.endpoints.watch.WatchHandOff;
import dev.customapiserver.endpoints.websocket.WebSocketUpgradeFilter;
import dev.customapiserver.filters.AuthenticationFilter;
import dev.customapiserver.filters.AuthorizationFilter;
import dev.customapiserver.filters.ImpersonationFilter;
import dev.customapiserver.filters.PanicFilter;
import dev.customapiserver.filters.RequestInfoFilter;
import dev.customapiserver.filters.SendErrorAsStatusFilter;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The request's way to the API, declared once: kube-apiserver's handler chain as servlet filters in
 * the fixed order of {@link Stage}. A stage is a slot: {@link #with} fills (or replaces) it, an empty
 * slot is skipped. The embedded server and the WAR in a container register the same pipeline through
 * {@link ApiServer#register}. Every stage after {@link Stage#REQUEST_INFO} reads and extends the
 * request's {@link dev.customapiserver.request.RequestContext}.
 */
public final class RequestPipeline {

  /** The stages, outermost first. */
  public enum Stage {
    /** Whatever escapes below becomes a 500 Status naming no internals. */
    PANIC,
    /** A container's or Jersey's {@code sendError} becomes a Status body. */
    SEND_ERROR_AS_STATUS,
    /** Reads the RequestInfo once and opens the RequestContext (with the audit ID). */
    REQUEST_INFO,
    /** Slot: request counts and latencies. */
    METRICS,
    /** Names the user (401 when credentials are rejected). */
    AUTHENTICATION,
    /** Records the request in the audit log as the policy says, also when it is refused later. */
    AUDIT,
    /** Acts as the user of the Impersonate-* headers, if the requester may. */
    IMPERSONATION,
    /**
     * Slot: limits concurrent requests (429). After authentication and impersonation as in kube, so
     * it knows the user (system:masters is exempt; fair queuing is per user).
     */
    MAX_IN_FLIGHT,
    /** Asks the Authorizer (403 when it does not allow). */
    AUTHORIZATION,
    /** Slot: ends requests that take too long (504). */
    TIMEOUT,
    /** Offers WebSocket watches the upgrade. */
    WEBSOCKET_UPGRADE,
    /** Lets watch streams continue with non-blocking writes after Jersey is done. */
    WATCH_HAND_OFF;

    /** The filter name in the servlet context, e.g. {@code max-in-flight}. */
    public String filterName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** How long a WebSocket watch waits for a client that does not read (like Jetty's HTTP idle timeout). */
  private static final Duration WEBSOCKET_SEND_TIMEOUT = Duration.ofSeconds(30);
  private final Map<Stage, Filter> filters;

  private RequestPipeline(Map<Stage, Filter> filters) {
    this.filters = filters;
  }

  /** A pipeline with every slot empty. */
  public static RequestPipeline empty() {
    return new RequestPipeline(new EnumMap<>(Stage.class));
  }

  /**
   * The stages every server has: panic, send-error-as-Status, request info, authentication,
   * impersonation and authorization (both asking {@code authorizer}), WebSocket upgrade, watch
   * hand-off. Audit, max-in-flight, metrics and timeout are filled by {@link #with}.
   */
  public static RequestPipeline standard(Codecs codecs, Clock clock, AuthenticationChain authentication,
      Authorizer authorizer) {
    return empty()
        .with(Stage.PANIC, new PanicFilter(codecs))
        .with(Stage.SEND_ERROR_AS_STATUS, new SendErrorAsStatusFilter(codecs))
        .with(Stage.REQUEST_INFO, new RequestInfoFilter(clock))
        .with(Stage.AUTHENTICATION, new AuthenticationFilter(authentication, codecs))
        .with(Stage.IMPERSONATION, new ImpersonationFilter(authorizer, codecs))
        .with(Stage.AUTHORIZATION, new AuthorizationFilter(authorizer, codecs))
        .with(Stage.WEBSOCKET_UPGRADE, new WebSocketUpgradeFilter(WEBSOCKET_SEND_TIMEOUT))
        .with(Stage.WATCH_HAND_OFF, new WatchHandOff());
  }

  /** This pipeline with {@code filter} in {@code stage} (replacing what was there). */
  public RequestPipeline with(Stage stage, Filter filter) {
    Map<Stage, Filter> copy = new EnumMap<>(Stage.class);
    copy.putAll(filters);
    copy.put(stage, filter);
    return new RequestPipeline(copy);
  }

  /** The filter in {@code stage}, if filled. */
  public Optional<Filter> filter(Stage stage) {
    return Optional.ofNullable(filters.get(stage));
  }

  /** The filled stages in the order a request passes them. */
  public List<Stage> stages() {
    return List.copyOf(filters.keySet());
  }

  /** Adds the filled stages to {@code context}, in order, for every path and async dispatch. */
  void register(ServletContext context) {
    filters.forEach((stage, filter) -> {
      FilterRegistration.Dynamic f = context.addFilter(stage.filterName(), filter);
      f.setAsyncSupported(true);
      f.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
    });
  }
}
