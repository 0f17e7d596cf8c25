package dev.customapiserver.endpoints;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.RequestWarnings;
import dev.customapiserver.endpoints.discovery.DiscoveryDocuments;
import dev.customapiserver.endpoints.handlers.ActionHandler;
import dev.customapiserver.endpoints.handlers.ConnectHandler;
import dev.customapiserver.endpoints.handlers.ResourceVerbs;
import dev.customapiserver.endpoints.handlers.ScaleHandlers;
import dev.customapiserver.endpoints.handlers.VirtualCreateHandler;
import dev.customapiserver.endpoints.openapi.OpenApiAcceptFilter;
import dev.customapiserver.endpoints.openapi.OpenApiDocuments;
import dev.customapiserver.endpoints.openapi.OpenApiResource;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.JsonLayout;
import dev.customapiserver.endpoints.representation.Tables;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.endpoints.watch.WatchEventObserver;
import dev.customapiserver.endpoints.watch.Watches;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.CommonProperties;
import org.glassfish.jersey.internal.inject.AbstractBinder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.spi.Container;
import org.glassfish.jersey.server.spi.ContainerLifecycleListener;

/**
 * Builds the Jersey application serving the whole API for a Scheme and its Registry: one set of
 * routes per group, version and resource (generated, no per-kind classes), discovery, /version
 * and the error mapper.
 */
public final class RestApi {

  /** Limits and identity of the server as the REST layer needs them. */
  /**
   * Limits and identity of the server as the REST layer needs them. A watch without timeoutSeconds
   * ends after a random time between {@code minRequestTimeout} and twice that (kube-apiserver's
   * --min-request-timeout, 1800 s); a watch whose client lags more than {@code watchBufferEvents}
   * events behind is ended with a 410 so that it relists.
   */
  public record Settings(long maxRequestBodyBytes, String gitVersion, Duration minRequestTimeout, int watchBufferEvents,
      WatchEventObserver watchEvents) {
    public static final Settings DEFAULT = new Settings(3L * 1024 * 1024, "v1.32.0", Duration.ofSeconds(1800), 1000);

    public Settings(long maxRequestBodyBytes, String gitVersion, Duration minRequestTimeout, int watchBufferEvents) {
      this(maxRequestBodyBytes, gitVersion, minRequestTimeout, watchBufferEvents, WatchEventObserver.NONE);
    }

    public Settings withWatchBufferEvents(int events) {
      return new Settings(maxRequestBodyBytes, gitVersion, minRequestTimeout, events, watchEvents);
    }

    public Settings withMinRequestTimeout(Duration timeout) {
      return new Settings(maxRequestBodyBytes, gitVersion, timeout, watchBufferEvents, watchEvents);
    }

    /** The same with each encoded watch event's size told to {@code observer}. */
    public Settings withWatchEvents(WatchEventObserver observer) {
      return new Settings(maxRequestBodyBytes, gitVersion, minRequestTimeout, watchBufferEvents, observer);
    }
  }

  private final ResourceConfig config = new ResourceConfig();
  /** Every route, registered nested by group/version at the end ({@link RouteTree}). */
  private final List<Resource> routes = new ArrayList<>();
  private final Watches watches;

  public RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings) {
    this(scheme, registry, codecs, settings, List.of());
  }

  /** With the group modules' extension endpoints (see {@link dev.customapiserver.groups.ApiGroupModule#extensionEndpoints}). */
  public RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings, List<ExtensionEndpoint> extensions) {
    this(scheme, registry, codecs, settings, Clock.systemUTC(), extensions, List.of());
  }

  /**
   * With the extension endpoints and the create-only resources ({@link VirtualResource}, e.g. the
   * review APIs) the server brings beside the stored ones.
   */
  public RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings, List<ExtensionEndpoint> extensions,
      List<VirtualResource<?>> virtuals) {
    this(scheme, registry, codecs, settings, Clock.systemUTC(), extensions, virtuals);
  }

  RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings, Clock clock) {
    this(scheme, registry, codecs, settings, clock, List.of(), List.of());
  }

  private RestApi(Scheme scheme, Registry registry, Codecs codecs, Settings settings, Clock clock,
      List<ExtensionEndpoint> extensions, List<VirtualResource<?>> virtuals) {
    Encoder encoder = new Encoder(codecs);
    BodyDecoder decoder = new BodyDecoder(codecs);
    Tables tables = new Tables(clock);
    RouteBinder binder = new RouteBinder(settings.maxRequestBodyBytes());
    watches = new Watches(settings.minRequestTimeout(), settings.watchBufferEvents(), settings.watchEvents());
    ResourceVerbs.Factory factory = new ResourceVerbs.Factory(registry, codecs, encoder, decoder, tables, watches, clock);
    for (ResourceType<?> type : scheme.servedResources()) {
      bind(type, registry, codecs, encoder, decoder, binder, factory, settings);
    }
    DiscoveryDocuments docs = new DiscoveryDocuments(scheme, virtuals);
    routes.addAll(new DynamicRoutes(scheme, factory, docs, codecs, settings.maxRequestBodyBytes()).resources());
    config.register(new ContainerLifecycleListener() {
      @Override
      public void onStartup(Container container) {}

      @Override
      public void onReload(Container container) {}

      @Override
      public void onShutdown(Container container) {
        watches.close();
      }
    });
    routes.addAll(new ExtensionRoutes(encoder, settings.maxRequestBodyBytes()).resources(extensions));
    routes.addAll(new VirtualCreateRoutes(encoder, decoder, codecs, settings.maxRequestBodyBytes()).resources(virtuals));
    routes.addAll(new DiscoveryRoutes(scheme, codecs, docs).resources());
    config.registerResources(RouteTree.nest(routes).toArray(new Resource[0]));
    OpenApiDocuments openApi = new OpenApiDocuments(scheme, codecs);
    config.register(new AbstractBinder() {
      @Override
      protected void configure() {
        bind(settings).to(Settings.class);
        bind(codecs).to(Codecs.class);
        bind(openApi).to(OpenApiDocuments.class);
      }
    });
    config.register(VersionResource.class);
    config.register(OpenApiResource.class);
    config.register(OpenApiAcceptFilter.class);
    config.register(new ErrorMapper(codecs));
    config.register(new OptionsAsKube());
    config.register(new RequestWarnings());
    config.register(new JsonLayout());
    config.property(ServerProperties.WADL_FEATURE_DISABLE, true);
    config.property(CommonProperties.PROVIDER_DEFAULT_DISABLE, "DATASOURCE");
    config.property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
  }

  private <H extends KubeObject> void bind(ResourceType<H> type, Registry registry, Codecs codecs, Encoder encoder,
      BodyDecoder decoder, RouteBinder binder, ResourceVerbs.Factory factory, Settings settings) {
    GenericStore<H> store = registry.store(type);
    for (String version : registry.scheme().group(type.group()).orElseThrow().versions()) {
      if (!type.servedIn(version)) {
        continue;
      }
      if (type.createOnly().isPresent()) {
        VersionedView<H> view = new VersionedView<>(type, type.version(version).orElseThrow(), decoder);
        routes.add(new VirtualCreateHandler<>(view, type.createOnly().get(), encoder)
            .resource(RouteBinder.prefix(type.group(), version), settings.maxRequestBodyBytes()));
        continue;
      }
      ResourceVerbs<H> verbs = factory.verbs(type, version);
      ScaleHandlers<H> scale = registry.scale(type).map(s -> new ScaleHandlers<>(s, encoder, codecs, decoder)).orElse(null);
      Map<String, ConnectHandler<H>> connects = new LinkedHashMap<>();
      type.connectors().forEach((name, c) -> connects.put(name, new ConnectHandler<>(store, name, c)));
      Map<String, ActionHandler<H, ?>> actions = new LinkedHashMap<>();
      type.actions().forEach((name, a) -> actions.put(name, new ActionHandler<>(store, name, a, codecs, encoder)));
      routes.addAll(binder.bind(type, verbs.reads(), verbs.writes(), scale, connects, version));
      routes.addAll(binder.bindActions(type, actions, version));
    }
  }

  /** The Jersey application: every route, the exception mapper, the codecs. */
  public ResourceConfig resourceConfig() {
    return config;
  }

  /**
   * For shutdown: ends every open watch stream cleanly (the response's proper end; new ones end at
   * once) and waits up to {@code grace} for them to be written. Returns whether all ended in time.
   */
  public boolean endWatches(Duration grace) throws InterruptedException {
    return watches.endAll(grace);
  }
}
