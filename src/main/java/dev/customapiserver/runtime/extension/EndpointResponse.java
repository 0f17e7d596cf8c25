package dev.customapiserver.runtime.extension;

/**
 * The answer of an extension endpoint: a status code and a body the server writes as JSON with
 * the server's codecs (records, maps, lists and API types all work).
 */
public record EndpointResponse(int status, Object body) {
  /** 200 with {@code body}. */
  public static EndpointResponse ok(Object body) {
    return new EndpointResponse(200, body);
  }

  /** 201 with {@code body}. */
  public static EndpointResponse created(Object body) {
    return new EndpointResponse(201, body);
  }
}
