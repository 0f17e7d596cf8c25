package dev.customapiserver.testkit;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit 5 side of {@link WithApiServer}: starts the server on first use, in the class's or
 * the method's store (so it stops when that ends), and hands out it or an admin fabric8 client.
 */
public final class ApiServerExtension implements ParameterResolver {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ApiServerExtension.class);

  /** What the store closes at the end of its scope. */
  private record Started(RunningApiServer server, KubernetesClient client)
      implements ExtensionContext.Store.CloseableResource {
    @Override
    public void close() {
      client.close();
      server.close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == RunningApiServer.class || type == KubernetesClient.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Started s = started(context);
    return parameter.getParameter().getType() == RunningApiServer.class ? s.server() : s.client();
  }

  private static Started started(ExtensionContext context) {
    WithApiServer settings = context.getRequiredTestClass().getAnnotation(WithApiServer.class);
    boolean perMethod = settings != null && settings.perMethod();
    ExtensionContext scope = perMethod || context.getTestMethod().isEmpty() ? context : context.getParent().orElse(context);
    return scope.getStore(NS).getOrComputeIfAbsent("server", k -> {
      RunningApiServer server = ApiServerBuilder.create().storage(settings == null ? "memory" : settings.storage()).start();
      KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(server.kubeconfigYaml())).build();
      return new Started(server, client);
    }, Started.class);
  }
}
