package dev.customapiserver.auth.requestheader;

import java.util.List;

/** The headers of a request, looked up case-insensitively as HTTP does. */
public interface RequestHeaders {

  /** Every header name the request carries, as sent. */
  List<String> names();

  /** Every value of header {@code name} (one per header line), empty when absent. */
  List<String> values(String name);
}
