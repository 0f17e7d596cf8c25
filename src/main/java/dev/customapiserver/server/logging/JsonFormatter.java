package dev.customapiserver.server.logging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.request.RequestContext;
import dev.customapiserver.request.RequestInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;

/**
 * One JSON object per line: {@code ts} (RFC 3339 with milliseconds), {@code level} ({@code info},
 * {@code warning}, {@code error}, {@code debug}), {@code logger}, {@code msg} (the formatted
 * message), and when the call passed the request's {@link RequestContext} among its parameters:
 * {@code auditID}, {@code user}, {@code verb}, {@code resource} (and {@code namespace}, {@code name},
 * {@code path}); {@code err} and {@code stacktrace} for a thrown exception.
 */
public final class JsonFormatter extends Formatter {
  private final ObjectMapper json = new ObjectMapper();

  @Override
  public String format(LogRecord record) {
    ObjectNode line = json.createObjectNode();
    line.put("ts", record.getInstant().toString());
    line.put("level", level(record.getLevel()));
    line.put("logger", record.getLoggerName());
    line.put("msg", formatMessage(record));
    Object[] params = record.getParameters();
    if (params != null) {
      for (Object p : params) {
        if (p instanceof RequestContext context) {
          request(line, context);
        }
      }
    }
    Throwable t = record.getThrown();
    if (t != null) {
      line.put("err", String.valueOf(t));
      StringWriter trace = new StringWriter();
      t.printStackTrace(new PrintWriter(trace));
      line.put("stacktrace", trace.toString());
    }
    try {
      return json.writeValueAsString(line) + System.lineSeparator();
    } catch (JsonProcessingException e) {
      return "{\"level\":\"error\",\"msg\":\"unloggable record\"}" + System.lineSeparator();
    }
  }

  private static void request(ObjectNode line, RequestContext context) {
    RequestInfo info = context.info();
    line.put("auditID", context.auditId());
    context.user().ifPresent(u -> line.put("user", u.name()));
    line.put("verb", info.verb());
    if (info.resourceRequest()) {
      String group = info.apiGroup().isEmpty() ? "" : "." + info.apiGroup();
      line.put("resource", info.resourceAndSubresource() + group);
      if (!info.namespace().isEmpty()) {
        line.put("namespace", info.namespace());
      }
      if (!info.name().isEmpty()) {
        line.put("name", info.name());
      }
    } else {
      line.put("path", info.path());
    }
  }

  private static String level(Level level) {
    int v = level.intValue();
    if (v >= Level.SEVERE.intValue()) {
      return "error";
    }
    if (v >= Level.WARNING.intValue()) {
      return "warning";
    }
    if (v >= Level.INFO.intValue()) {
      return "info";
    }
    return "debug";
  }
}
