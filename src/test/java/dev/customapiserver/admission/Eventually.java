package dev.customapiserver.admission;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Bounded waits for a condition the server reaches asynchronously (a controller's work). */
final class Eventually {
  private Eventually() {}

  static void await(String what, Duration timeout, Callable<Boolean> condition) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + timeout + ": " + what);
      }
      Thread.sleep(50);
    }
  }
}
