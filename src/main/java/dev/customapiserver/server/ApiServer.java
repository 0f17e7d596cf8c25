package dev.customapiserver.server;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.admission.chain.AdmissionChain;
import dev.customapiserver.admission.chain.AdmissionConfiguration;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.admission.webhook.WebhookPlugins;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.auth.TokenFile;
import dev.customapiserver.controllers.NamespaceController;
import dev.customapiserver.controllers.gc.GarbageCollector;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.filters.ErrorPageServlet;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
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
  private final Runnable onStart;
  private final AutoCloseable onClose;
  private final Operations operations;

  public ApiServer(Codecs codecs, StorageBackend storage, ResourceConfig application,
      TokenAuthenticator authenticator, Authorizer authorizer) {
    this(codecs, storage, application, RequestPipeline.standard(codecs, Clock.systemUTC(),
        AuthenticationChain.ofTokens(List.of(authenticator)), authorizer));
  }

  /** Serving {@code application} behind {@code pipeline}. */
  public ApiServer(Codecs codecs, StorageBackend storage, ResourceConfig application, RequestPipeline pipeline) {
    this(codecs, storage, application, pipeline, () -> {}, () -> {});
  }

  /** With what to start when the context starts (controllers) and close before the storage. */
  ApiServer(Codecs codecs, StorageBackend storage, ResourceConfig application, RequestPipeline pipeline,
      Runnable onStart, AutoCloseable onClose) {
    this(codecs, storage, application, pipeline, onStart, onClose, new Operations());
  }

  /** With the operations room (metrics, limits, shutdown) of {@link #create}. */
  ApiServer(Codecs codecs, StorageBackend storage, ResourceConfig application, RequestPipeline pipeline,
      Runnable onStart, AutoCloseable onClose, Operations operations) {
    this.operations = operations;
    this.codecs = codecs;
    this.storage = storage;
    this.application = application;
    this.pipeline = pipeline;
    this.onStart = onStart;
    this.onClose = onClose;
  }

  /**
   * The production wiring for {@code config}: API groups from {@link ApiGroupModule} service
   * providers, JPA storage, the admission chain (NamespaceLifecycle, the modules' plugins, as
   * {@code --enable-admission-plugins} and {@code --disable-admission-plugins} select), the REST
   * application, the admin token plus {@code --token-auth-file}, the
   * authenticated-users-may-do-everything authorizer, and the namespace controller (started with
   * the context). Opens no connection yet.
   *
   * @throws IllegalArgumentException if the token file is malformed (the message names the line)
   * @throws ConfigException if an admission flag names an unknown plugin
   */
  public static ApiServer create(ServerConfig config, String adminToken) {
    return create(config, adminToken, java.util.function.UnaryOperator.identity());
  }

  /** The same, with {@code storageView} (the testkit's reset) as a layer of the {@link StorageStack}. */
  public static ApiServer create(ServerConfig config, String adminToken, java.util.function.UnaryOperator<StorageBackend> storageView) {
    Map<String, UserInfo> tokens = new LinkedHashMap<>();
    config.tokenAuthFile().ifPresent(f -> tokens.putAll(TokenFile.read(f)));
    tokens.put(adminToken, UserInfo.of("admin", SystemGroups.MASTERS));
    LateAuthorizer late = new LateAuthorizer();
    List<ApiGroupModule> modules = java.util.stream.Stream.concat(ServiceLoader.load(ApiGroupModule.class,
        ApiServer.class.getClassLoader()).stream().map(ServiceLoader.Provider::get), java.util.stream.Stream.of(AuthorizationWiring.reviews(late))).toList();
    var serviceAccountKeys = ServiceAccountWiring.keys(config);
    var services = ServiceAccountWiring.services(config, serviceAccountKeys);
    Scheme scheme = new Scheme(modules.stream().map(m -> m.apiGroup(services)).toList());
    Codecs codecs = new Codecs();
    CoreClusterWiring core = CoreClusterWiring.open(config, scheme, codecs);
    Operations ops = new Operations();
    StorageBackend storage = StorageStack.open(config, ops, storageView);
    PluginSelection selection = new PluginSelection(config.enableAdmissionPlugins(), config.disableAdmissionPlugins());
    Registry registry;
    try {
      AdmissionConfiguration admissionConfig = config.flags().path(Option.ADMISSION_CONTROL_CONFIG_FILE)
          .map(AdmissionConfiguration::read).orElse(AdmissionConfiguration.EMPTY);
      registry = new Registry(scheme, storage, codecs, Clock.systemUTC(),
          listers -> AuthorizationWiring.guard(admission(modules, scheme, codecs, core.listers(listers), selection, admissionConfig,
              ops.metrics().admission()), listers,
              late, scheme), ControlPlaneWiring.encryption(config));
    } catch (IllegalArgumentException e) {
      storage.close();
      throw ConfigException.invalid(e.getMessage());
    }
    List<ExtensionEndpoint> extensions = java.util.stream.Stream.concat(ServiceAccountWiring.discovery(config, serviceAccountKeys)
        .stream(), modules.stream().flatMap(m -> m.extensionEndpoints(registry.client()).stream())).toList();
    Delegation delegation = DelegationWiring.open(config);
    AuthenticationChain authentication = delegation.authentication(SecurityWiring.authentication(config, tokens, registry));
    Authorizer authorizer = late.set(delegation.authorization(late.modes(SecurityWiring.authorization(config, registry))));
    RestApi rest = new RestApi(scheme, registry, codecs, RestApi.Settings.DEFAULT.withMinRequestTimeout(
        java.time.Duration.ofSeconds(config.flags().integer(dev.customapiserver.server.config.Option.MIN_REQUEST_TIMEOUT, 1)))
        .withWatchEvents(ops.metrics()::watchEventSent),
        extensions, SecurityWiring.reviews(config, authentication, authorizer));
    RequestPipeline pipeline = PipelineWiring.operations(PipelineWiring.pipeline(config, codecs, authentication, authorizer, ops),
        config, codecs, ops);
    NamespaceController namespaces = new NamespaceController(registry);
    GarbageCollector gc = GarbageCollector.over(registry);
    Background background = new Background()
        .add(namespaces::start, namespaces::close)
        .add(gc::start, gc::close)
        .add(delegation::start, delegation::close)
        .add(core::start, core::close);
    AuthorizationWiring.background(background, registry);
    CustomResourceWiring.background(background, registry);
    var expiry = ControlPlaneWiring.expiry(config, registry);
    background.add(expiry::start, expiry::close);
    return new ApiServer(codecs, storage, rest.resourceConfig(), pipeline, background::start, () -> {
          background.close();
          registry.close();
        }, ops.watches(rest::endWatches));
  }

  /**
   * The chain of the enabled plugins: the modules' (NamespaceLifecycle comes with the core group),
   * then those the server itself brings ({@link #serverPlugins}); ordered by {@link PluginSelection}.
   */
  static AdmissionChain admission(List<ApiGroupModule> modules, Scheme scheme, Codecs codecs, Listers listers,
      PluginSelection selection, AdmissionConfiguration configuration, AdmissionObserver observer) {
    List<AdmissionPlugin> plugins = new ArrayList<>();
    modules.forEach(m -> plugins.addAll(m.admissionPlugins(listers, configuration)));
    plugins.addAll(WebhookPlugins.create(scheme, listers, codecs, observer));
    configuration.checkNames(plugins);
    AdmissionChain chain = AdmissionChain.of(plugins, selection, observer);
    System.getLogger(ApiServer.class.getName()).log(System.Logger.Level.INFO, "Admission plugins: {0}",
        String.join(", ", chain.names()));
    return chain;
  }

  /** Plugins the server brings itself, not a group module: MutatingAdmissionWebhook and ValidatingAdmissionWebhook. */
  static List<AdmissionPlugin> serverPlugins(Scheme scheme, Codecs codecs, Listers listers) {
    return WebhookPlugins.create(scheme, listers, codecs);
  }

  /** Registers everything in {@code context}; call while the context initializes. */
  public void register(ServletContext context) {
    onStart.run();
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
  public boolean endWatches(java.time.Duration grace) throws InterruptedException {
    return operations.endWatches(grace);
  }

  /** Stops the controllers and the registry, then closes the storage. */
  @Override
  public void close() {
    try {
      onClose.close();
    } catch (Exception e) {
      System.getLogger(ApiServer.class.getName()).log(System.Logger.Level.WARNING, "closing failed", e);
    }
    storage.close();
  }
}
