package dev.customapiserver.filters;

import dev.customapiserver.api.meta.Status;
import dev.customapiserver.request.PrettyOutput;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.JsonOutput;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Writes a Status as the whole JSON response, with its code as the HTTP status, laid out as kube
 * writes it for the request ({@link JsonOutput}: indented for curl and browsers).
 */
final class StatusWriter {
  private final Codecs codecs;

  StatusWriter(Codecs codecs) {
    this.codecs = codecs;
  }

  void write(HttpServletRequest request, HttpServletResponse response, Status status) throws IOException {
    byte[] body = JsonOutput.of(codecs.toJson(status),
        PrettyOutput.wanted(request.getQueryString(), request.getHeader("User-Agent")));
    response.setStatus(status.code);
    response.setContentType("application/json");
    response.setHeader("Cache-Control", "no-cache, private");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
