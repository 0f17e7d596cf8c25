package dev.customapiserver.schema.cel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.common.values.CelByteString;
import dev.cel.common.values.NullValue;
import dev.customapiserver.schema.StructuralSchema;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON values as CEL sees them, shaped by the schema as {@link CelTypes} declares them: objects as maps
 * (property names escaped), integers as {@code long}, numbers as {@code double}, formatted strings as
 * timestamps, durations or bytes; values the schema does not type (int-or-string, preserved unknown
 * fields) as their JSON kind.
 */
final class CelValues {
  private static final Pattern GO_DURATION = Pattern.compile("([0-9]*\\.?[0-9]+)(ns|us|µs|ms|s|m|h)");

  private CelValues() {}

  static Object of(JsonNode v, StructuralSchema s) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return NullValue.NULL_VALUE;
    }
    if (s == null || s.intOrString()) {
      return dyn(v);
    }
    if (v.isObject()) {
      boolean typed = s.additionalProperties() == null || s.embeddedResource();
      Map<String, Object> out = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        StructuralSchema p = s.properties().get(e.getKey());
        if (p == null && !typed) {
          out.put(e.getKey(), of(e.getValue(), s.additionalProperties()));
        } else if (p == null) {
          FieldNames.escape(e.getKey()).ifPresent(n -> out.put(n, dyn(e.getValue())));
        } else {
          FieldNames.escape(e.getKey()).ifPresent(n -> out.put(n, of(e.getValue(), p)));
        }
      }
      return out;
    }
    if (v.isArray()) {
      List<Object> out = new ArrayList<>(v.size());
      v.forEach(x -> out.add(of(x, s.items())));
      return out;
    }
    if (v.isTextual() && s.type().equals("string")) {
      return formatted(v.asText(), s.format());
    }
    if (v.isNumber() && s.type().equals("number")) {
      return v.doubleValue();
    }
    return dyn(v);
  }

  /** A value without schema: its JSON kind. */
  static Object dyn(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return NullValue.NULL_VALUE;
    }
    if (v.isObject()) {
      Map<String, Object> out = new LinkedHashMap<>();
      v.fields().forEachRemaining(e -> out.put(e.getKey(), dyn(e.getValue())));
      return out;
    }
    if (v.isArray()) {
      List<Object> out = new ArrayList<>(v.size());
      v.forEach(x -> out.add(dyn(x)));
      return out;
    }
    if (v.isBoolean()) {
      return v.booleanValue();
    }
    if (v.isIntegralNumber() && v.canConvertToLong()) {
      return v.longValue();
    }
    if (v.isNumber()) {
      return v.doubleValue();
    }
    return v.asText();
  }

  private static Object formatted(String text, String format) {
    try {
      return switch (format) {
        case "byte" -> CelByteString.of(Base64.getDecoder().decode(text));
        case "duration" -> goDuration(text);
        case "date-time" -> OffsetDateTime.parse(text).toInstant();
        case "date" -> LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
        default -> text;
      };
    } catch (RuntimeException e) {
      return text; // the schema validation reports the malformed value
    }
  }

  /** A Go duration ({@code 1h30m}, {@code 250ms}) as a {@link Duration}. */
  static Duration goDuration(String text) {
    String t = text.strip();
    boolean negative = t.startsWith("-");
    if (negative || t.startsWith("+")) {
      t = t.substring(1);
    }
    if (t.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = GO_DURATION.matcher(t);
    double nanos = 0;
    int end = 0;
    while (m.find() && m.start() == end) {
      double n = Double.parseDouble(m.group(1));
      nanos += n * switch (m.group(2)) {
        case "ns" -> 1d;
        case "us", "µs" -> 1e3;
        case "ms" -> 1e6;
        case "s" -> 1e9;
        case "m" -> 60e9;
        default -> 3600e9;
      };
      end = m.end();
    }
    if (end == 0 || end != t.length()) {
      throw new IllegalArgumentException("invalid duration " + text);
    }
    Duration d = Duration.ofNanos((long) nanos);
    return negative ? d.negated() : d;
  }

}
