package dev.customapiserver.schema.cel;

import dev.cel.common.CelErrorCode;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One evaluation with kube's cost limits: every evaluated expression node costs one unit (cel-java has no
 * cost tracker; this approximates cel-go's, which charges more for string and list operations), a call
 * may spend at most {@link #PER_CALL_LIMIT}, all rules of one object at most {@link #OBJECT_BUDGET}.
 */
final class Evaluation {
  /** kube's {@code celconfig.PerCallLimit}. */
  static final long PER_CALL_LIMIT = 1_000_000;
  /** kube's {@code celconfig.RuntimeCELCostBudget}. */
  static final long OBJECT_BUDGET = 10_000_000;

  /** Thrown from the listener to stop a runaway evaluation. */
  static final class LimitExceeded extends RuntimeException {
    LimitExceeded() {
      super("operation cancelled: actual cost limit exceeded", null, false, false);
    }
  }

  /** The outcome: a value, or an error text (kube's wording where cel-java's differs), and the cost. */
  record Outcome(Object value, String error, boolean limitExceeded, long cost) {}

  private final long perCallLimit;
  private long remaining;

  Evaluation(long perCallLimit, long budget) {
    this.perCallLimit = perCallLimit;
    this.remaining = budget;
  }

  long remaining() {
    return remaining;
  }

  Outcome run(CelRuntime.Program program, Map<String, ?> activation) {
    long[] cost = {0};
    long limit = Math.min(perCallLimit, Math.max(remaining, 0) + 1);
    try {
      Object v = program.trace(activation, (expr, result) -> {
        if (++cost[0] > limit) {
          throw new LimitExceeded();
        }
      });
      remaining -= cost[0];
      return new Outcome(v, null, false, cost[0]);
    } catch (CelEvaluationException e) {
      remaining -= cost[0];
      if (e.getCause() instanceof LimitExceeded || cost[0] > limit) {
        return new Outcome(null, "operation cancelled: actual cost limit exceeded", true, cost[0]);
      }
      return new Outcome(null, message(e), false, cost[0]);
    } catch (LimitExceeded e) {
      remaining -= cost[0];
      return new Outcome(null, e.getMessage(), true, cost[0]);
    }
  }

  /** cel-go's wording for the common runtime errors ({@code no such key: x}, {@code division by zero}). */
  static String message(CelEvaluationException e) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    m = m.replaceFirst("^evaluation error at <input>:\\d+: ", "").replaceFirst("^evaluation error: ", "");
    CelErrorCode code = e.getErrorCode();
    if (code == CelErrorCode.ATTRIBUTE_NOT_FOUND) {
      Matcher k = Pattern.compile("key '(.*)' is not present in map").matcher(m);
      if (k.find()) {
        return "no such key: " + k.group(1);
      }
    }
    if (code == CelErrorCode.DIVIDE_BY_ZERO) {
      return "division by zero";
    }
    if (code == CelErrorCode.NUMERIC_OVERFLOW) {
      return "integer overflow";
    }
    if (code == CelErrorCode.OVERLOAD_NOT_FOUND && !m.startsWith("no such overload")) {
      return "no such overload";
    }
    return m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
  }
}
