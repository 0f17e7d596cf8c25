package dev.customapiserver.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Nearest-rank percentiles over nanosecond samples, reported in milliseconds. */
final class Percentiles {
  private Percentiles() {}

  static Map<String, Object> ofNanos(long[] samples) {
    long[] s = samples.clone();
    Arrays.sort(s);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("count", s.length);
    if (s.length == 0) {
      return m;
    }
    m.put("p50_ms", ms(rank(s, 50)));
    m.put("p95_ms", ms(rank(s, 95)));
    m.put("p99_ms", ms(rank(s, 99)));
    m.put("max_ms", ms(s[s.length - 1]));
    m.put("mean_ms", ms((long) Arrays.stream(s).average().orElse(0)));
    return m;
  }

  static long rank(long[] sorted, double p) {
    int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  static double ms(long nanos) {
    return Math.round(nanos / 1e4) / 100.0;
  }
}
