package dev.customapiserver.storage.jpa;

import dev.customapiserver.testing.PostgresServer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Provides a {@link PostgresServer}, or a fresh database on it as {@link DatabaseSettings}, to tests, started once per test run (kept in the root
 * store, stopped when the run ends). When PostgreSQL cannot be started each test asking for it is
 * aborted (reported as skipped) with the reason; the start is attempted only once.
 */
final class PostgresExtension implements BeforeEachCallback, ParameterResolver {

  /** Aborts the test here when there is no server (an abort inside parameter resolution would be an error). */
  @Override
  public void beforeEach(ExtensionContext context) {
    server(context);
  }
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(PostgresExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == PostgresServer.class || type == DatabaseSettings.class;
  }

  /** A {@link PostgresServer}, or {@link DatabaseSettings} of a new, empty database on it. */
  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    PostgresServer server = server(context);
    if (parameter.getParameter().getType() == PostgresServer.class) {
      return server;
    }
    try {
      return new DatabaseSettings(server.createDatabase(), "postgres", "");
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("cannot create a test database", e);
    }
  }

  private static PostgresServer server(ExtensionContext context) {
    Started started = context.getRoot().getStore(NS).getOrComputeIfAbsent("server", k -> Started.attempt(),
        Started.class);
    if (started.server == null) {
      Assumptions.abort("PostgreSQL not available: " + started.failure);
    }
    return started.server;
  }

  /** The outcome of the one start attempt: a server, or why there is none. */
  private record Started(PostgresServer server, String failure) implements AutoCloseable {
    static Started attempt() {
      try {
        return new Started(PostgresServer.start(), null);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Started(null, e.toString());
      } catch (Exception e) {
        return new Started(null, e.getMessage());
      }
    }

    @Override
    public void close() throws java.io.IOException {
      if (server != null) {
        server.close();
      }
    }
  }
}
