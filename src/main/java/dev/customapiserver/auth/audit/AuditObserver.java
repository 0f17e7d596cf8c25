package dev.customapiserver.auth.audit;

/** Told of each audit event sent to a backend and of each one a backend failed to record (kube's audit metrics). */
public interface AuditObserver {
  /** Records nothing. */
  AuditObserver NONE = new AuditObserver() {};

  /** An event was generated and handed to the backend. */
  default void event() {}

  /** The backend {@code plugin} ({@code log}) could not record an event. */
  default void error(String plugin) {}
}
