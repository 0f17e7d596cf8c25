package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.serviceaccount.ServiceAccountKeys;
import dev.customapiserver.console.ConsoleServlet;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.filters.ErrorPageServlet;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * The whole server as servlet-context registrations: the {@link RequestPipeline} (kube's handler
 * chain as filters), the health servlet, the Jersey application at {@code /*} and the in-server controllers
 * (namespace lifecycle, garbage collector). The one wiring used
 * both by the deployed WAR and by the embedded Jetty.
 */
public final class ApiServer implements AutoCloseable {
  private final Codecs codecs;
  private final StorageBackend storage;
  private final ResourceConfig application;
  private final RequestPipeline pipeline;
  private final Background background;
  private final Operations operations;

  /**
   * Serving {@code application} behind {@code pipeline} over {@code storage}; {@code background} starts
   * with the context and closes, in reverse order, before the storage; {@code operations} is the
   * operations room (metrics, limits, readiness, shutdown).
   */
  ApiServer(Codecs codecs, StorageBackend storage, ResourceConfig application, RequestPipeline pipeline,
      Background background, Operations operations) {
    this.codecs = codecs;
    this.storage = storage;
    this.application = application;
    this.pipeline = pipeline;
    this.background = background;
    this.operations = operations;
  }

  /**
   * The production wiring for {@code config} (see {@link #create(ServerConfig, String, UnaryOperator)}).
   *
   * @throws ConfigException for a flag or configuration file that does not fit (kube's wording)
   */
  public static ApiServer create(ServerConfig config, String adminToken) {
    return create(config, adminToken, UnaryOperator.identity());
  }

  /**
   * The server of {@code config}, room by room: the API groups ({@link ApiGroupModule} service
   * providers and the access reviews), the storage stack with {@code testView} as the testkit's layer,
   * the registry with its admission chain, authentication and authorization (delegated to a cluster
   * where configured), the REST application, the request pipeline and the background work
   * (controllers). Opens no connection yet; the background work starts with the servlet context.
   *
   * @throws IllegalArgumentException if the token file is malformed (the message names the line)
   * @throws ConfigException for a flag or configuration file that does not fit (kube's wording)
   */
  public static ApiServer create(ServerConfig config, String adminToken, UnaryOperator<StorageBackend> testView) {
    Map<String, UserInfo> tokens = SecurityWiring.tokens(config, adminToken);
    Operations ops = new Operations();
    LateAuthorizer lateAuthorizer = new LateAuthorizer();
    ServiceAccountKeys serviceAccountKeys = ServiceAccountWiring.keys(config);
    GroupWiring groups = GroupWiring.load(lateAuthorizer, ServiceAccountWiring.services(config, serviceAccountKeys),
        config.flags());
    Codecs codecs = new Codecs();
    CoreClusterWiring core = CoreClusterWiring.open(config, groups.scheme(), codecs);
    StorageBackend storage = StorageStack.open(config, ops, testView);
    Registry registry = RegistryWiring.open(config, groups, storage, codecs, core, lateAuthorizer, ops);
    Delegation delegation = DelegationWiring.open(config);
    AuthenticationChain authentication = delegation.authentication(SecurityWiring.authentication(config, tokens, registry));
    Authorizer authorizer = lateAuthorizer.set(
        delegation.authorization(lateAuthorizer.modes(SecurityWiring.authorization(config, registry))));
    RestApi rest = RestWiring.api(config, groups, registry, codecs, ops, serviceAccountKeys,
        SecurityWiring.reviews(config, authentication, authorizer));
    RequestPipeline pipeline = PipelineWiring.operations(PipelineWiring.pipeline(config, codecs, authentication, authorizer, ops),
        config, codecs, ops);
    Background background = BackgroundWiring.of(config, registry, delegation, core);
    return new ApiServer(codecs, storage, rest.resourceConfig(), pipeline, background, ops.watches(rest::endWatches));
  }

  /** Registers everything in {@code context}; call while the context initializes. */
  public void register(ServletContext context) {
    background.start();
    pipeline.register(context);
    operations.register(context);

    HealthCheck ping = new HealthCheck("ping", () -> true);
    ServletRegistration.Dynamic health = context.addServlet("health", new HealthServlet(Map.of(
        "healthz", List.of(ping),
        "livez", List.of(ping),
        "readyz", List.of(ping, new HealthCheck("storage", storage::healthy), new HealthCheck("watch-cache", storage::synced),
            operations.readiness()))));
    health.addMapping("/healthz", "/healthz/*", "/livez", "/livez/*", "/readyz", "/readyz/*");
    health.setAsyncSupported(true);

    context.addServlet("error-page", new ErrorPageServlet(codecs)).addMapping(ErrorPageServlet.PATH);
    context.addServlet("console", new ConsoleServlet()).addMapping(ConsoleServlet.PATH, ConsoleServlet.PATH + "/*");
    ServletRegistration.Dynamic api = context.addServlet("api", new ServletContainer(application));
    api.addMapping("/*");
    api.setAsyncSupported(true);
    api.setLoadOnStartup(1);
  }

  /** A listener that registers on context start and closes the storage on context end. */
  public ServletContextListener asListener() {
    return new ServletContextListener() {
      @Override
      public void contextInitialized(ServletContextEvent event) {
        register(event.getServletContext());
      }

      @Override
      public void contextDestroyed(ServletContextEvent event) {
        close();
      }
    };
  }

  /**
   * The first step of a graceful shutdown: {@code /readyz} fails from now on (load balancers stop
   * sending new requests) while everything keeps serving.
   */
  public void shutdownInitiated() {
    operations.shutdownInitiated();
  }

  /**
   * Ends every open watch stream cleanly (the proper end of its response) and waits up to {@code
   * grace} for them; returns whether all ended in time. Watches opened later end at once.
   */
  public boolean endWatches(Duration grace) throws InterruptedException {
    return operations.endWatches(grace);
  }

  /** Stops the background work (controllers, then the registry), then closes the storage. */
  @Override
  public void close() {
    background.close();
    storage.close();
  }
}
