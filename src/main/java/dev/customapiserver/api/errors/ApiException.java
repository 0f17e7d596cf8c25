package dev.customapiserver.api.errors;

import dev.customapiserver.api.meta.Status;

/**
 * An error a client sees as a Kubernetes Status. Thrown anywhere below the endpoints and rendered by
 * the one exception mapper. Build instances with {@link Errors}.
 */
public final class ApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient Status status;

  ApiException(Status status, Throwable cause) {
    super(status.message, cause, false, false);
    this.status = status;
  }

  /** The Status body (code, reason, message, details). */
  public Status status() {
    return status;
  }

  /** The HTTP code. */
  public int code() {
    return status.code;
  }

  /** The reason as written on the wire, e.g. {@code NotFound}. */
  public String reason() {
    return status.reason;
  }
}
