package dev.customapiserver.request;

import dev.customapiserver.api.meta.UserInfo;
import jakarta.servlet.ServletRequest;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything the pipeline learns about one request, filled stage by stage and read by the stages
 * after: the {@link RequestInfo} (request-info stage), the authenticated user (authentication), the
 * user it acts as (impersonation), its audit ID and arrival time. Stages that need more keep it as a
 * typed {@linkplain #put extension} here rather than in an attribute of their own. It lives as the
 * servlet request attribute {@link #ATTRIBUTE} (in JAX-RS {@code ContainerRequestContext.getProperty}),
 * so a watch stream that outlives the request thread still holds it. Safe to read from other threads.
 */
public final class RequestContext {
  /** The servlet request attribute holding the context. */
  public static final String ATTRIBUTE = RequestContext.class.getName();
  private final RequestInfo info;
  private final String auditId;
  private final Instant received;
  private volatile UserInfo authenticatedUser;
  private volatile UserInfo impersonatedUser;
  private final Map<Class<?>, Object> extensions = new ConcurrentHashMap<>();

  public RequestContext(RequestInfo info, String auditId, Instant received) {
    this.info = info;
    this.auditId = auditId;
    this.received = received;
  }

  /** Stores {@code context} in {@code request}. */
  public static void attach(ServletRequest request, RequestContext context) {
    request.setAttribute(ATTRIBUTE, context);
  }

  /** The context of {@code request}, if the request-info stage ran. */
  public static Optional<RequestContext> of(ServletRequest request) {
    return request.getAttribute(ATTRIBUTE) instanceof RequestContext c ? Optional.of(c) : Optional.empty();
  }

  /** The context of {@code request}; a stage after request info relies on it. */
  public static RequestContext require(ServletRequest request) {
    return of(request).orElseThrow(() -> new IllegalStateException("the request-info stage did not run"));
  }

  public RequestInfo info() {
    return info;
  }

  /** The request's audit ID (its {@code Audit-ID} header, or a new UUID). */
  public String auditId() {
    return auditId;
  }

  /** When the request reached the pipeline. */
  public Instant received() {
    return received;
  }

  /** The user the credentials name, once authentication ran. */
  public Optional<UserInfo> authenticatedUser() {
    return Optional.ofNullable(authenticatedUser);
  }

  public void authenticatedUser(UserInfo user) {
    this.authenticatedUser = user;
  }

  /** The user the request acts as through {@code Impersonate-*} headers, if any. */
  public Optional<UserInfo> impersonatedUser() {
    return Optional.ofNullable(impersonatedUser);
  }

  public void impersonatedUser(UserInfo user) {
    this.impersonatedUser = user;
  }

  /** The user the request acts as: the impersonated one, else the authenticated one. */
  public Optional<UserInfo> user() {
    UserInfo i = impersonatedUser;
    return i != null ? Optional.of(i) : Optional.ofNullable(authenticatedUser);
  }

  /** Keeps a stage's own per-request state (audit event, timings ...), one value per type. */
  public <T> void put(Class<T> type, T value) {
    extensions.put(type, value);
  }

  public <T> Optional<T> get(Class<T> type) {
    return Optional.ofNullable(extensions.get(type)).map(type::cast);
  }
}
