package dev.customapiserver.request;

/**
 * When a request must be done by (the timeout stage puts it in the {@link RequestContext}). Once
 * {@link #expired()}, the client has its 504 and the handler's output is discarded; handlers check
 * it before starting work that changes data, so a timed-out request does not start a write.
 */
public final class Deadline {
  private volatile boolean expired;

  public boolean expired() {
    return expired;
  }

  /** The request ran out of time (called once by the timeout stage). */
  public void expire() {
    expired = true;
  }
}
