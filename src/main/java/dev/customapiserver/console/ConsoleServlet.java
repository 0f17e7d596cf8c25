package dev.customapiserver.console;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Serves the console: its assets under {@code /console/assets/}, and the one page for every other
 * path under {@code /console/}, so that {@code /console/<an API path>} can be bookmarked and shared.
 * Every answer carries the security headers (strict CSP without inline script, nosniff, no framing).
 */
public final class ConsoleServlet extends HttpServlet {
  /** The path the servlet is mapped to, without the {@code /*}. */
  public static final String PATH = "/console";
  static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
      + "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  private static final Map<String, Asset> ASSETS = Map.of(
      "/assets/app.js", new Asset("console/app.js", "text/javascript"),
      "/assets/style.css", new Asset("console/style.css", "text/css"),
      "/assets/vendor/js-yaml.mjs", new Asset("META-INF/resources/webjars/js-yaml/4.1.0/dist/js-yaml.mjs", "text/javascript"));

  private record Asset(String resource, String type) {}

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    headers(resp);
    String path = req.getPathInfo();
    if (path == null) {
      resp.sendRedirect(req.getContextPath() + PATH + "/");
      return;
    }
    Asset asset = ASSETS.get(path);
    if (asset != null) {
      resp.setHeader("Cache-Control", "no-cache");
      write(resp, asset.type(), read(asset.resource()));
    } else if (path.startsWith("/assets/")) {
      resp.setStatus(HttpServletResponse.SC_NOT_FOUND);
      write(resp, "text/plain", "404 page not found\n".getBytes(StandardCharsets.UTF_8));
    } else {
      resp.setHeader("Cache-Control", "no-store");
      String base = req.getContextPath() + PATH + "/";
      String page = new String(read("console/index.html"), StandardCharsets.UTF_8).replace("{{base}}", escape(base));
      write(resp, "text/html", page.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static void headers(HttpServletResponse resp) {
    resp.setHeader("Content-Security-Policy", CSP);
    resp.setHeader("X-Content-Type-Options", "nosniff");
    resp.setHeader("X-Frame-Options", "DENY");
    resp.setHeader("Referrer-Policy", "no-referrer");
  }

  private static void write(HttpServletResponse resp, String type, byte[] body) throws IOException {
    resp.setContentType(type + ";charset=utf-8");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }

  private static byte[] read(String resource) throws IOException {
    try (InputStream in = ConsoleServlet.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("the console's resource " + resource + " is missing from the build");
      }
      return in.readAllBytes();
    }
  }

  /** The context path in an HTML attribute. */
  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
