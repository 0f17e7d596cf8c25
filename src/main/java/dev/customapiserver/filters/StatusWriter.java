package dev.customapiserver.filters;

import dev.customapiserver.api.meta.Status;
import dev.customapiserver.runtime.Codecs;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes a Status as the whole JSON response, with its code as the HTTP status. */
final class StatusWriter {
  private final Codecs codecs;

  StatusWriter(Codecs codecs) {
    this.codecs = codecs;
  }

  void write(HttpServletResponse response, Status status) throws IOException {
    byte[] body = codecs.toJson(status);
    response.setStatus(status.code);
    response.setContentType("application/json");
    response.setHeader("Cache-Control", "no-cache, private");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
