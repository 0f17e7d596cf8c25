package dev.customapiserver.storage;

/**
 * Computes the new state of an object from its current state inside a guaranteed update.
 * It receives a private copy it may mutate and return; returning the very same instance unchanged
 * is fine too (the store detects no-op updates by content and then writes nothing).
 * It may throw (e.g. an API Conflict); the update is then abandoned.
 */
@FunctionalInterface
public interface UpdateFunction<H> {
  H apply(H current);
}
