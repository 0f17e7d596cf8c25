package dev.customapiserver.server;

import java.util.function.BooleanSupplier;

/** One named check of {@code /healthz}, {@code /livez} or {@code /readyz}; true = passing. */
record HealthCheck(String name, BooleanSupplier check) {

  /** Runs the check; an exception counts as failing. */
  boolean passes() {
    try {
      return check.getAsBoolean();
    } catch (RuntimeException e) {
      System.getLogger(HealthCheck.class.getName()).log(System.Logger.Level.DEBUG, "health check " + name + " failed", e);
      return false;
    }
  }
}
