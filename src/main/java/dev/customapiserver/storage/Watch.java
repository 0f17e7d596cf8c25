package dev.customapiserver.storage;

/** A running watch; closing it stops events (idempotent, from any thread, also from the listener). */
public interface Watch extends AutoCloseable {
  @Override
  void close();
}
