package dev.customapiserver.server;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code /healthz}, {@code /livez} and {@code /readyz} as kube-apiserver answers them: {@code ok}
 * (text/plain) or 500 with the failing checks; {@code ?verbose} lists every check,
 * {@code ?exclude=name} skips one, {@code /readyz/<check>} runs one.
 */
final class HealthServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient Map<String, List<HealthCheck>> endpoints;

  /** @param endpoints checks by endpoint name ({@code healthz}, {@code livez}, {@code readyz}) */
  HealthServlet(Map<String, List<HealthCheck>> endpoints) {
    this.endpoints = Map.copyOf(endpoints);
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
    String[] parts = Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toArray(String[]::new);
    List<HealthCheck> checks = parts.length == 0 ? null : endpoints.get(parts[0]);
    if (checks == null || parts.length > 2) {
      write(resp, HttpServletResponse.SC_NOT_FOUND, "404 page not found\n");
      return;
    }
    String endpoint = parts[0];
    if (parts.length == 2) {
      HealthCheck one = checks.stream().filter(c -> c.name().equals(parts[1])).findFirst().orElse(null);
      if (one == null) {
        write(resp, HttpServletResponse.SC_NOT_FOUND, "404 page not found\n");
      } else {
        boolean ok = one.passes();
        write(resp, ok ? 200 : 500, ok ? "ok" : "internal server error: " + one.name() + " check failed\n");
      }
      return;
    }
    Set<String> excluded = req.getParameterValues("exclude") == null ? Set.of()
        : Arrays.stream(req.getParameterValues("exclude")).collect(Collectors.toSet());
    StringBuilder report = new StringBuilder();
    boolean allOk = true;
    for (HealthCheck c : checks) {
      if (excluded.contains(c.name())) {
        report.append("[+]").append(c.name()).append(" excluded: ok\n");
      } else if (c.passes()) {
        report.append("[+]").append(c.name()).append(" ok\n");
      } else {
        allOk = false;
        report.append("[-]").append(c.name()).append(" failed: reason withheld\n");
      }
    }
    if (!allOk) {
      write(resp, 500, report + endpoint + " check failed\n");
    } else if (req.getParameter("verbose") != null) {
      write(resp, 200, report + endpoint + " check passed\n");
    } else {
      write(resp, 200, "ok");
    }
  }

  private static void write(HttpServletResponse resp, int code, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    resp.setStatus(code);
    resp.setContentType("text/plain; charset=utf-8");
    resp.setHeader("X-Content-Type-Options", "nosniff");
    resp.setHeader("Cache-Control", "no-cache, private");
    resp.setContentLength(bytes.length);
    resp.getOutputStream().write(bytes);
  }
}
