package dev.customapiserver.api.errors;

/** metav1.StatusReason values with their HTTP codes. */
public enum StatusReason {
  BAD_REQUEST("BadRequest", 400),
  UNAUTHORIZED("Unauthorized", 401),
  FORBIDDEN("Forbidden", 403),
  NOT_FOUND("NotFound", 404),
  METHOD_NOT_ALLOWED("MethodNotAllowed", 405),
  NOT_ACCEPTABLE("NotAcceptable", 406),
  ALREADY_EXISTS("AlreadyExists", 409),
  CONFLICT("Conflict", 409),
  GONE("Gone", 410),
  EXPIRED("Expired", 410),
  REQUEST_ENTITY_TOO_LARGE("RequestEntityTooLarge", 413),
  UNSUPPORTED_MEDIA_TYPE("UnsupportedMediaType", 415),
  INVALID("Invalid", 422),
  TOO_MANY_REQUESTS("TooManyRequests", 429),
  INTERNAL_ERROR("InternalError", 500),
  SERVICE_UNAVAILABLE("ServiceUnavailable", 503),
  TIMEOUT("Timeout", 504);

  private final String wire;
  private final int code;

  StatusReason(String wire, int code) {
    this.wire = wire;
    this.code = code;
  }

  /** The reason as written in a Status. */
  public String wire() {
    return wire;
  }

  /** The HTTP status code. */
  public int code() {
    return code;
  }
}
