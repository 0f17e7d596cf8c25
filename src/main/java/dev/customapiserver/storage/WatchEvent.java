package dev.customapiserver.storage;

/**
 * One change seen by a watch. {@code object} is the state after the change (for DELETED, the last
 * state, carrying the deletion's resourceVersion); for BOOKMARK it is {@code null} and only
 * {@code resourceVersion} matters.
 *
 * @param <H> the hub type
 */
public record WatchEvent<H>(Type type, H object, long resourceVersion) {

  /** The event types of the Kubernetes watch protocol (ERROR is the endpoint's business). */
  public enum Type { ADDED, MODIFIED, DELETED, BOOKMARK }
}
