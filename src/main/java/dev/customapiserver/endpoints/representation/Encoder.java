package dev.customapiserver.endpoints.representation;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.customapiserver.runtime.Codecs;
import jakarta.ws.rs.core.Response;
import java.io.UncheckedIOException;
import java.util.List;

/** Writes response bodies in the negotiated format, with Kubernetes' {@code Warning: 299} headers. */
public final class Encoder {
  private final Codecs codecs;

  public Encoder(Codecs codecs) {
    this.codecs = codecs;
  }

  public Response respond(int status, Object body, OutputFormat format, List<String> warnings) {
    byte[] bytes;
    try {
      bytes = format == OutputFormat.YAML ? codecs.yaml().writeValueAsBytes(body) : codecs.json().writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    Response.ResponseBuilder r = Response.status(status).entity(bytes).type(format.contentType());
    for (String w : warnings) {
      r.header("Warning", warningHeader(w));
    }
    return r.build();
  }

  /** {@code 299 - "text"} with quotes and backslashes escaped, as kube-apiserver sends warnings. */
  public static String warningHeader(String text) {
    return "299 - \"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
