package dev.customapiserver.auth.audit;

import java.util.Arrays;
import java.util.Optional;

/** When an audit event is written (kube's audit stages). */
public enum Stage {
  /** As soon as the request is received, before it is handled. */
  REQUEST_RECEIVED("RequestReceived"),
  /** Once the response headers are sent, before the body: long-running requests (watches) only. */
  RESPONSE_STARTED("ResponseStarted"),
  /** Once the response is complete. */
  RESPONSE_COMPLETE("ResponseComplete"),
  /** When handling the request failed unexpectedly. */
  PANIC("Panic");

  private final String wire;

  Stage(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  static Optional<Stage> parse(String s) {
    return Arrays.stream(values()).filter(l -> l.wire.equals(s)).findFirst();
  }
}
