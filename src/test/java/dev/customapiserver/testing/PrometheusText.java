package dev.customapiserver.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format (0.0.4) and of OpenMetrics 1.0 text:
 * every line must be a {@code # HELP}, {@code # TYPE} (or OpenMetrics {@code # UNIT}/{@code # EOF})
 * line or a sample {@code name{label="value",...} value [timestamp]} whose family was typed before;
 * label values escaped as the format says; no family typed twice. Throws naming the first bad line.
 */
public final class PrometheusText {
  private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
  private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped|unknown|info|stateset|gaugehistogram)");
  private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") .*");
  private static final Pattern UNIT = Pattern.compile("# UNIT (" + NAME + ") [a-zA-Z0-9_]*");
  private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")(\\{(.*)})? (\\S+)( -?\\d+(\\.\\d+)?)?( # \\{.*} \\S+( \\S+)?)?");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\",?");
  private static final List<String> SUFFIXES = List.of("_total", "_created", "_bucket", "_count", "_sum", "_info", "");

  /** One sample. */
  public record Sample(String name, Map<String, String> labels, double value) {}

  private final Map<String, String> types = new LinkedHashMap<>();
  private final List<Sample> samples = new ArrayList<>();

  private PrometheusText() {}

  /** Parses {@code body}; {@code openMetrics} requires the final {@code # EOF}. */
  public static PrometheusText parse(String body, boolean openMetrics) {
    PrometheusText t = new PrometheusText();
    String[] lines = body.split("\n", -1);
    int n = lines.length;
    if (!lines[n - 1].isEmpty()) {
      throw new IllegalArgumentException("the exposition does not end with a newline");
    }
    n--;
    if (openMetrics) {
      if (n == 0 || !lines[n - 1].equals("# EOF")) {
        throw new IllegalArgumentException("OpenMetrics exposition without the final # EOF");
      }
      n--;
    }
    for (int i = 0; i < n; i++) {
      t.line(lines[i], i + 1);
    }
    return t;
  }

  private void line(String line, int number) {
    Matcher m;
    if ((m = TYPE.matcher(line)).matches()) {
      if (types.put(m.group(1), m.group(2)) != null) {
        throw bad(number, line, "family typed twice");
      }
    } else if (HELP.matcher(line).matches() || UNIT.matcher(line).matches()) {
      return;
    } else if ((m = SAMPLE.matcher(line)).matches()) {
      String name = m.group(1);
      if (family(name).isEmpty()) {
        throw bad(number, line, "sample of a family without # TYPE");
      }
      Map<String, String> labels = new HashMap<>();
      String rest = m.group(3) == null ? "" : m.group(3);
      Matcher l = LABEL.matcher(rest);
      int at = 0;
      while (at < rest.length() && l.find(at) && l.start() == at) {
        labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
        at = l.end();
      }
      if (at != rest.length()) {
        throw bad(number, line, "malformed labels");
      }
      samples.add(new Sample(name, labels, value(m.group(4), number, line)));
    } else {
      throw bad(number, line, "neither a comment nor a sample");
    }
  }

  private Optional<String> family(String sample) {
    for (String suffix : SUFFIXES) {
      if (sample.endsWith(suffix) && types.containsKey(sample.substring(0, sample.length() - suffix.length()))) {
        return Optional.of(sample.substring(0, sample.length() - suffix.length()));
      }
    }
    return Optional.empty();
  }

  private static double value(String s, int number, String line) {
    switch (s) {
      case "+Inf": return Double.POSITIVE_INFINITY;
      case "-Inf": return Double.NEGATIVE_INFINITY;
      case "NaN": return Double.NaN;
      default:
        try {
          return Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw bad(number, line, "bad value");
        }
    }
  }

  private static IllegalArgumentException bad(int number, String line, String why) {
    return new IllegalArgumentException("line " + number + ": " + why + ": " + line);
  }

  /** The declared type of a family, e.g. {@code counter}. */
  public Optional<String> type(String family) {
    return Optional.ofNullable(types.get(family));
  }

  /** The samples named {@code name} whose labels include {@code labels} (name, value pairs). */
  public List<Sample> samples(String name, String... labels) {
    return samples.stream().filter(s -> s.name().equals(name)).filter(s -> {
      for (int i = 0; i < labels.length; i += 2) {
        if (!labels[i + 1].equals(s.labels().get(labels[i]))) {
          return false;
        }
      }
      return true;
    }).toList();
  }

  /** The sum of the matching samples' values (0 when none). */
  public double sum(String name, String... labels) {
    return samples(name, labels).stream().mapToDouble(Sample::value).sum();
  }
}
