package dev.customapiserver.testkit;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 side of {@link WithApiServer}: starts the server on first use, in the class's or the
 * method's store (so it stops when that ends), resets it before each test if asked, and hands out
 * the server handle, or admin clients: fabric8's {@code KubernetesClient} and the official
 * client's {@code ApiClient} (each only if its library is on the test classpath).
 */
public final class ApiServerExtension implements ParameterResolver, BeforeEachCallback {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ApiServerExtension.class);
  private static final String FABRIC8 = "io.fabric8.kubernetes.client.KubernetesClient";
  private static final String OFFICIAL = "io.kubernetes.client.openapi.ApiClient";

  /** What the store closes at the end of its scope. */
  private static final class Started implements ExtensionContext.Store.CloseableResource {
    private final RunningApiServer server;
    private AutoCloseable fabric8;
    private Object official;

    Started(RunningApiServer server) {
      this.server = server;
    }

    synchronized Object fabric8() {
      if (fabric8 == null) {
        fabric8 = server.fabric8Client();
      }
      return fabric8;
    }

    synchronized Object official() {
      if (official == null) {
        official = server.officialClient();
      }
      return official;
    }

    @Override
    public void close() throws Exception {
      if (fabric8 != null) {
        fabric8.close();
      }
      server.close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == RunningApiServer.class || type.getName().equals(FABRIC8) || type.getName().equals(OFFICIAL);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Started s = started(context);
    String type = parameter.getParameter().getType().getName();
    return type.equals(FABRIC8) ? s.fabric8() : type.equals(OFFICIAL) ? s.official() : s.server;
  }

  /** With {@code reset = true}: a server the class's earlier tests used is reset before this one. */
  @Override
  public void beforeEach(ExtensionContext context) {
    WithApiServer settings = settings(context);
    if (settings != null && settings.reset() && !settings.perMethod()) {
      Started s = context.getParent().orElse(context).getStore(NS).get("server", Started.class);
      if (s != null) {
        s.server.reset();
      }
    }
  }

  private static WithApiServer settings(ExtensionContext context) {
    return context.getRequiredTestClass().getAnnotation(WithApiServer.class);
  }

  private static Started started(ExtensionContext context) {
    WithApiServer settings = settings(context);
    boolean perMethod = settings != null && settings.perMethod();
    ExtensionContext scope = perMethod || context.getTestMethod().isEmpty() ? context : context.getParent().orElse(context);
    return scope.getStore(NS).getOrComputeIfAbsent("server",
        k -> new Started(ApiServerBuilder.create().storage(settings == null ? "memory" : settings.storage()).start()),
        Started.class);
  }
}
