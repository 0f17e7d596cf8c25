package dev.customapiserver.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.customapiserver.api.errors.Errors;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON syntax errors in the words of Go's encoding/json, as kube-apiserver reports them
 * ({@code couldn't get version/kind; json parse error: unexpected end of JSON input}): never the
 * parser's own class names or messages.
 */
final class JsonSyntax {
  static final String PREFIX = "couldn't get version/kind; json parse error: ";
  private static final Pattern CHAR = Pattern.compile("^Unexpected character \\('(.+?)' \\(code \\d+\\)\\)");
  private static final Pattern TOKEN = Pattern.compile("^Unrecognized token '(.)");

  private JsonSyntax() {}

  static RuntimeException error(IOException e) {
    return Errors.badRequest(PREFIX + goMessage(e));
  }

  static RuntimeException trailing(char c) {
    return Errors.badRequest(PREFIX + "invalid character " + quote(c) + " after top-level value");
  }

  static RuntimeException nonFinite(String path) {
    return Errors.badRequest(PREFIX + "json: unsupported value: a number out of range" + (path.isEmpty() ? "" : " at " + path));
  }

  private static String goMessage(IOException e) {
    if (e instanceof StreamConstraintsException s) {
      return s.getOriginalMessage() != null && s.getOriginalMessage().contains("Depth") ? "exceeded max depth" : "value too large";
    }
    if (e instanceof JsonEOFException) {
      return "unexpected end of JSON input";
    }
    String msg = e instanceof JsonProcessingException j ? j.getOriginalMessage() : null;
    if (msg == null) {
      return "invalid character encoding";
    }
    Matcher m = CHAR.matcher(msg);
    if (m.find()) {
      String c = m.group(1);
      String where = msg.contains("double-quote to start field name") ? "looking for beginning of object key string"
          : msg.contains("was expecting comma") ? "after " + (msg.contains("ARRAY") ? "array element" : "object key:value pair")
          : msg.contains("was expecting a colon") ? "after object key"
          : "looking for beginning of value";
      return "invalid character " + quote(c.length() == 1 ? c.charAt(0) : '?') + " " + where;
    }
    m = TOKEN.matcher(msg);
    if (m.find()) {
      return "invalid character " + quote(m.group(1).charAt(0)) + " looking for beginning of value";
    }
    if (msg.startsWith("Unexpected end-of-input")) {
      return "unexpected end of JSON input";
    }
    if (msg.contains("control character") || msg.contains("CTRL-CHAR")) {
      return "invalid character in string literal";
    }
    if (msg.contains("escape")) {
      return "invalid character in string escape code";
    }
    if (msg.contains("Invalid UTF-8") || msg.contains("Invalid UTF")) {
      return "invalid character encoding: the body is not UTF-8";
    }
    return "invalid JSON" + (e instanceof JsonProcessingException j && j.getLocation() != null
        ? " at line " + j.getLocation().getLineNr() + ", column " + j.getLocation().getColumnNr() : "");
  }

  private static String quote(char c) {
    if (c < 0x20 || c == 0x7f) {
      return String.format("'\\x%02x'", (int) c);
    }
    return "'" + c + "'";
  }
}
