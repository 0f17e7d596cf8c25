package dev.customapiserver.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * HTTP/1.1 written by hand on a socket, for requests ordinary clients refuse to send (ambiguous
 * paths, CONNECT, huge URLs and headers): the request line and headers exactly as given.
 */
public final class RawHttp {
  private RawHttp() {}

  /** A response: status code, headers (lower-case names), body (chunked bodies joined). */
  public record Response(int code, Map<String, String> headers, String body) {}

  /** Sends {@code method target} with {@code headers} (name, value pairs) and an optional body; reads the whole answer. */
  public static Response send(URI base, String method, String target, String body, String... headers) throws IOException {
    try (Socket s = new Socket(base.getHost(), base.getPort())) {
      s.setSoTimeout(60_000);
      StringBuilder req = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
          .append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n")
          .append("Connection: close\r\n");
      for (int i = 0; i < headers.length; i += 2) {
        req.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
      }
      byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
      if (body != null) {
        req.append("Content-Length: ").append(b.length).append("\r\n");
      }
      req.append("\r\n");
      OutputStream out = s.getOutputStream();
      out.write(req.toString().getBytes(StandardCharsets.UTF_8));
      out.write(b);
      out.flush();
      return read(s.getInputStream());
    }
  }

  private static Response read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b; matched < 4 && (b = in.read()) >= 0; ) {
      head.write(b);
      matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
    }
    String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    int code = lines.length > 0 && lines[0].split(" ").length > 1 ? Integer.parseInt(lines[0].split(" ")[1]) : -1;
    Map<String, String> hs = new TreeMap<>();
    for (int i = 1; i < lines.length; i++) {
      int c = lines[i].indexOf(':');
      if (c > 0) {
        hs.put(lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).trim());
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (hs.containsKey("content-length")) {
      body.write(in.readNBytes(Integer.parseInt(hs.get("content-length"))));
    } else if ("chunked".equalsIgnoreCase(hs.get("transfer-encoding"))) {
      while (true) {
        String size = line(in);
        int n = Integer.parseInt(size.split(";")[0].trim(), 16);
        if (n == 0) {
          break;
        }
        body.write(in.readNBytes(n));
        line(in);
      }
    } else {
      try {
        in.transferTo(body);
      } catch (IOException e) {
        // a reset after the answer is still an answer
      }
    }
    return new Response(code, hs, body.toString(StandardCharsets.UTF_8));
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
      if (c != '\r') {
        b.append((char) c);
      }
    }
    return b.toString();
  }
}
