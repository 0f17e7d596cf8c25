package dev.customapiserver.storage.jpa;

import dev.customapiserver.testing.PostgresServer;
import dev.customapiserver.testing.ThrowawayDatabase;

/** A throwaway PostgreSQL 15 for the storage tests (see {@link DatabaseExtension}). */
final class PostgresExtension extends DatabaseExtension {
  @Override
  ThrowawayDatabase start() throws Exception {
    return PostgresServer.start();
  }

  @Override
  String label() {
    return "PostgreSQL";
  }
}
