package dev.customapiserver.storage.jpa;

import dev.customapiserver.testing.MariaDbServer;
import dev.customapiserver.testing.ThrowawayDatabase;

/** A throwaway MariaDB for the storage tests (see {@link DatabaseExtension}). */
final class MariaDbExtension extends DatabaseExtension {
  @Override
  ThrowawayDatabase start() throws Exception {
    return MariaDbServer.start();
  }

  @Override
  String label() {
    return "MariaDB";
  }
}
