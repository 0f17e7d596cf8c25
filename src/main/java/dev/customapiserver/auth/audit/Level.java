package dev.customapiserver.auth.audit;

import java.util.Arrays;
import java.util.Optional;

/** How much of a request is recorded, in increasing order (kube's audit levels). */
public enum Level {
  NONE("None"),
  METADATA("Metadata"),
  REQUEST("Request"),
  REQUEST_RESPONSE("RequestResponse");

  private final String wire;

  Level(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** Whether this level records at least as much as {@code other}. */
  public boolean atLeast(Level other) {
    return compareTo(other) >= 0;
  }

  static Optional<Level> parse(String s) {
    return Arrays.stream(values()).filter(l -> l.wire.equals(s)).findFirst();
  }
}
