package dev.customapiserver.metrics;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * {@code GET /metrics}: everything in the server's {@link ApiServerMetrics}, in the Prometheus text
 * format (0.0.4), or in OpenMetrics when the {@code Accept} header asks for {@code
 * application/openmetrics-text}. Authentication and authorization are the pipeline's (a
 * non-resource URL, {@code get} on {@code /metrics}).
 */
public final class MetricsServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient ApiServerMetrics metrics;
  private final transient ExpositionFormats formats = ExpositionFormats.init();

  public MetricsServlet(ApiServerMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    ExpositionFormatWriter writer = formats.findWriter(request.getHeader("Accept"));
    if (!writer.isAvailable()) { // protobuf needs a module the server does not ship
      writer = formats.getPrometheusTextFormatWriter();
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024);
    writer.write(body, metrics.registry().scrape());
    response.setStatus(200);
    response.setContentType(writer.getContentType());
    response.setHeader("Cache-Control", "no-cache, private");
    response.setContentLength(body.size());
    body.writeTo(response.getOutputStream());
  }
}
