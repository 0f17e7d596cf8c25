package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.contract.StorageFixture;
import dev.customapiserver.testing.ThrowawayDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Provides a {@link ThrowawayDatabase} server, or a fresh database on it as {@link DatabaseSettings} or a {@link StorageFixture},
 * to tests; the server starts once per test run (kept in the root store, stopped when the run ends).
 * When it cannot start, each test asking for it is aborted (reported as skipped) with the reason; the
 * start is attempted only once.
 */
abstract class DatabaseExtension implements BeforeEachCallback, ParameterResolver {

  /** Starts the server; throws with the reason when it cannot. */
  abstract ThrowawayDatabase start() throws Exception;

  /** The server's name in skip messages, e.g. {@code PostgreSQL}. */
  abstract String label();

  /** Aborts the test here when there is no server (an abort inside parameter resolution would be an error). */
  @Override
  public void beforeEach(ExtensionContext context) {
    server(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DatabaseSettings.class || type == StorageFixture.class || ThrowawayDatabase.class.isAssignableFrom(type);
  }

  /** The server, or {@link DatabaseSettings} of a new, empty database on it. */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    ThrowawayDatabase server = server(context);
    Class<?> type = parameter.getParameter().getType();
    if (type != DatabaseSettings.class && type != StorageFixture.class) {
      return server;
    }
    try {
      DatabaseSettings settings = new DatabaseSettings(server.createDatabase(), server.username(), "");
      return type == StorageFixture.class ? new JpaFixture(settings, true) : settings;
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("cannot create a test database", e);
    }
  }

  private ThrowawayDatabase server(ExtensionContext context) {
    ExtensionContext.Namespace ns = ExtensionContext.Namespace.create(getClass());
    Started started = context.getRoot().getStore(ns).getOrComputeIfAbsent("server", k -> attempt(), Started.class);
    if (started.server == null) {
      Assumptions.abort(label() + " not available: " + started.failure);
    }
    return started.server;
  }

  private Started attempt() {
    try {
      return new Started(start(), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Started(null, e.toString());
    } catch (Exception e) {
      return new Started(null, e.getMessage());
    }
  }

  /** The outcome of the one start attempt: a server, or why there is none. */
  private record Started(ThrowawayDatabase server, String failure) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      if (server != null) {
        server.close();
      }
    }
  }
}
