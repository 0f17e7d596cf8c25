package dev.customapiserver.server.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Go's {@code time.ParseDuration} syntax, which kube-apiserver's duration flags use. */
public final class GoDuration {
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");
  private static final Map<String, Long> NANOS = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "ms", 1_000_000L,
      "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private GoDuration() {}

  /** The duration, or empty when {@code text} is not a Go duration. A leading {@code -} is allowed. */
  public static Optional<Duration> parse(String text) {
    String s = text;
    boolean negative = false;
    if (s.startsWith("-") || s.startsWith("+")) {
      negative = s.startsWith("-");
      s = s.substring(1);
    }
    if (s.equals("0")) {
      return Optional.of(Duration.ZERO);
    }
    if (s.isEmpty()) {
      return Optional.empty();
    }
    Matcher m = PART.matcher(s);
    BigDecimal nanos = BigDecimal.ZERO;
    int at = 0;
    while (at < s.length()) {
      if (!m.find(at) || m.start() != at) {
        return Optional.empty();
      }
      nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(NANOS.get(m.group(2)))));
      at = m.end();
    }
    Duration d = Duration.ofNanos(nanos.longValue());
    return Optional.of(negative ? d.negated() : d);
  }
}
