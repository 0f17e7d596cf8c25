package dev.customapiserver.endpoints.call;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.request.Deadline;
import dev.customapiserver.request.DecodedRequestObject;
import dev.customapiserver.request.RequestContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/** One request as a verb handler sees it: path and query parameters, headers, the body (size-limited), the user. */
public final class Call {
  private final ContainerRequestContext ctx;
  private final long maxBodyBytes;

  private final Map<String, String> pathParameters;

  Call(ContainerRequestContext ctx, long maxBodyBytes) {
    this(ctx, maxBodyBytes, null);
  }

  /** With the path parameters a dispatcher parsed itself (null: Jersey's). */
  Call(ContainerRequestContext ctx, long maxBodyBytes, Map<String, String> pathParameters) {
    this.ctx = ctx;
    this.maxBodyBytes = maxBodyBytes;
    this.pathParameters = pathParameters;
  }

  /** The same request with the path parameters {@code parameters} (a dispatcher's parse of the path). */
  public Call withPath(Map<String, String> parameters) {
    return new Call(ctx, maxBodyBytes, parameters);
  }

  public String path(String name) {
    return pathParameters != null ? pathParameters.get(name) : ctx.getUriInfo().getPathParameters().getFirst(name);
  }

  /** Every path parameter (first value each). */
  public Map<String, String> pathAll() {
    if (pathParameters != null) {
      return new LinkedHashMap<>(pathParameters);
    }
    Map<String, String> all = new LinkedHashMap<>();
    ctx.getUriInfo().getPathParameters().forEach((k, v) -> all.put(k, v.get(0)));
    return all;
  }

  /** A query parameter, or {@code null}. */
  public String query(String name) {
    return ctx.getUriInfo().getQueryParameters().getFirst(name);
  }

  public MultivaluedMap<String, String> queryAll() {
    return ctx.getUriInfo().getQueryParameters();
  }

  public String header(String name) {
    return ctx.getHeaderString(name);
  }

  /**
   * Hands the audit the JSON of the object decoded from a body that was not JSON (Kubernetes
   * protobuf, YAML), when the audit records this request's body ({@link DecodedRequestObject});
   * {@code json} is computed only then.
   */
  public void decoded(Supplier<byte[]> json) {
    decoded(json, null);
  }

  /**
   * As {@link #decoded(Supplier)}, also handing the audit the decoded object's metadata
   * ({@code meta}, may be null), which completes its {@code objectRef} as kube's {@code LogRequestObject}.
   */
  public void decoded(Supplier<byte[]> json, ObjectMeta meta) {
    if (ctx.getProperty(RequestContext.ATTRIBUTE) instanceof RequestContext rc) {
      rc.get(DecodedRequestObject.class).ifPresent(d -> {
        if (meta != null) {
          d.meta(new DecodedRequestObject.Meta(orEmpty(meta.name), orEmpty(meta.namespace), orEmpty(meta.uid),
              orEmpty(meta.resourceVersion)));
        }
        if (d.recordsBody() && !contentType().equals("application/json")) {
          d.set(json.get());
        }
      });
    }
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /** The media type of the body without parameters, lower case; {@code application/json} when absent. */
  public String contentType() {
    String ct = ctx.getHeaderString("Content-Type");
    if (ct == null || ct.isBlank()) {
      return "application/json";
    }
    int semi = ct.indexOf(';');
    return (semi < 0 ? ct : ct.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
  }

  /** A warning for the client about the request itself, sent with any response ({@link RequestWarnings}). */
  public void warn(String text) {
    RequestWarnings.add(ctx, text);
  }

  /**
   * The request property that says the client negotiated Kubernetes protobuf for this resource: a
   * failure then goes out as a Status in protobuf too, as kube-apiserver answers it.
   */
  public static final String PROTOBUF_STATUS = "dev.customapiserver.protobufStatus";

  /** Marks the request as answered in Kubernetes protobuf, its failures included ({@link #PROTOBUF_STATUS}). */
  public void answeredInProtobuf() {
    ctx.setProperty(PROTOBUF_STATUS, Boolean.TRUE);
  }

  /** A request property (a servlet request attribute set by a filter), or {@code null}. */
  public Object property(String name) {
    return ctx.getProperty(name);
  }

  /** The user the authentication filter found, or {@code null} when none ran. */
  /**
   * Refuses to start work that changes data once the request's time is up (its client already has
   * the 504 of the timeout stage): the timed-out request's work is cancelled at this point.
   */
  void checkDeadline() {
    if (ctx.getProperty(RequestContext.ATTRIBUTE) instanceof RequestContext rc
        && rc.get(Deadline.class).map(Deadline::expired).orElse(false)) {
      throw Errors.timeout("request did not complete within requested timeout - context deadline exceeded", 0);
    }
  }

  UserInfo user() {
    Object u = ctx.getProperty(UserInfo.REQUEST_ATTRIBUTE);
    return u instanceof UserInfo info ? info : null;
  }

  /** The whole body; 413 beyond the limit (3 MiB by default, as kube-apiserver). */
  public byte[] body() {
    try (InputStream in = ctx.getEntityStream()) {
      if (in == null) {
        return new byte[0];
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[16384];
      long total = 0;
      for (int n; (n = in.read(buf)) > 0; ) {
        total += n;
        if (total > maxBodyBytes) {
          throw Errors.requestEntityTooLarge(maxBodyBytes);
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
