package dev.customapiserver.testing;

import dev.customapiserver.apis.admissionregistration.AdmissionregistrationGroup;
import dev.customapiserver.controllers.gc.GarbageCollector;
import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.chain.AdmissionChain;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.admission.webhook.WebhookPlugins;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.controllers.NamespaceController;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.endpoints.watch.WatchHandOff;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ObjectClient;
import dev.customapiserver.storage.StorageBackend;
import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.glassfish.jersey.servlet.ServletContainer;

/** The REST layer on an in-process Jetty at a free loopback port, over a given storage backend (closed with it). */
public final class TestServer implements AutoCloseable {
  private final Server jetty;
  private final Registry registry;
  private final NamespaceController namespaceController;
  private final StorageBackend backend;
  private final URI base;
  private final HttpClient http = HttpClient.newHttpClient();
  private final GarbageCollector controller;

  public TestServer(List<ApiGroup> groups, StorageBackend backend) throws Exception {
    this(groups, backend, RestApi.Settings.DEFAULT);
  }

  public TestServer(List<ApiGroup> groups, StorageBackend backend, RestApi.Settings settings) throws Exception {
    this(groups, backend, settings, client -> List.of());
  }

  /** With extension endpoints, made from the server's {@link ObjectClient} as a group module's are. */
  public TestServer(List<ApiGroup> groups, StorageBackend backend, RestApi.Settings settings,
      Function<ObjectClient, List<ExtensionEndpoint>> extensions) throws Exception {
    this(new Scheme(groups), backend, settings, listers -> Admission.NONE, false, false, extensions, List.of());
  }

  /** With create-only resources ({@link VirtualResource}) beside the groups' stored ones. */
  /** The groups of every {@link ApiGroupModule} service provider on the class path (the built-in and sample groups). */
  public static List<ApiGroup> everyGroup() {
    return ServiceLoader.load(ApiGroupModule.class).stream().map(p -> p.get().apiGroup()).toList();
  }

  public static TestServer withVirtualCreates(List<ApiGroup> groups, StorageBackend backend, List<VirtualResource<?>> virtuals)
      throws Exception {
    return new TestServer(new Scheme(groups), backend, RestApi.Settings.DEFAULT, listers -> Admission.NONE, false, false,
        client -> List.of(), virtuals);
  }

  /** A server whose registry also runs the garbage collector (as the real server does). */
  public static TestServer withGarbageCollector(List<ApiGroup> groups, StorageBackend backend) throws Exception {
    return new TestServer(new Scheme(groups), backend, RestApi.Settings.DEFAULT, listers -> Admission.NONE, false, true,
        client -> List.of(), List.of());
  }

  /**
   * The modules' groups (and extension endpoints) with admission wired as the server wires it
   * ({@code selection} standing for the flags) and, when the core group is among them, the namespace
   * controller (which creates {@code default}). With the admissionregistration.k8s.io group, the
   * webhook plugins too, as the server brings them.
   */
  public static TestServer withAdmission(List<ApiGroupModule> modules, StorageBackend backend, PluginSelection selection)
      throws Exception {
    return withAdmission(modules, backend, selection, (scheme, listers) -> listers);
  }

  /**
   * Like {@link #withAdmission(List, StorageBackend, PluginSelection)}, the plugins reading through
   * what {@code decorate} makes of the server's own listers (e.g. the core cluster's in their place).
   */
  public static TestServer withAdmission(List<ApiGroupModule> modules, StorageBackend backend, PluginSelection selection,
      java.util.function.BiFunction<Scheme, Listers, Listers> decorate) throws Exception {
    Scheme scheme = new Scheme(modules.stream().map(ApiGroupModule::apiGroup).toList());
    Function<Listers, Admission> chain = own -> {
      Listers listers = decorate.apply(scheme, own);
      List<AdmissionPlugin> plugins = new ArrayList<>();
      modules.forEach(m -> plugins.addAll(m.admissionPlugins(listers, dev.customapiserver.admission.PluginConfigurations.NONE)));
      if (scheme.group(AdmissionregistrationGroup.NAME).isPresent()) {
        plugins.addAll(WebhookPlugins.create(scheme, listers, new Codecs()));
      }
      return AdmissionChain.of(plugins, selection);
    };
    return new TestServer(scheme, backend, RestApi.Settings.DEFAULT, chain, scheme.resource("", "namespaces").isPresent(), false,
        client -> modules.stream().flatMap(m -> m.extensionEndpoints(client).stream()).toList(), List.of());
  }

  private TestServer(Scheme scheme, StorageBackend backend, RestApi.Settings settings,
      Function<Listers, Admission> admission, boolean controllers, boolean gc,
      Function<ObjectClient, List<ExtensionEndpoint>> extensions, List<VirtualResource<?>> virtuals) throws Exception {
    this.backend = backend;
    Codecs codecs = new Codecs();
    registry = new Registry(scheme, backend, codecs, Clock.systemUTC(), admission);
    namespaceController = controllers ? new NamespaceController(registry) : null;
    if (namespaceController != null) {
      namespaceController.start();
    }
    RestApi api = new RestApi(scheme, registry, codecs, settings, extensions.apply(registry.client()), virtuals);
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler ctx = new ServletContextHandler();
    FilterHolder handOff = new FilterHolder(new WatchHandOff());
    handOff.setAsyncSupported(true);
    ctx.addFilter(handOff, "/*", EnumSet.of(DispatcherType.REQUEST));
    ServletHolder holder = new ServletHolder(new ServletContainer(api.resourceConfig()));
    holder.setAsyncSupported(true);
    ctx.addServlet(holder, "/*");
    jetty.setHandler(ctx);
    jetty.start();
    base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
    controller = gc ? GarbageCollector.over(registry) : null;
    if (controller != null) {
      controller.start();
    }
  }

  /** The registry behind the REST layer (e.g. to start another controller over it). */
  public Registry registry() {
    return registry;
  }

  public URI base() {
    return base;
  }

  /** Sends a request; {@code body} may be null; headers as name, value pairs. */
  public HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    if (body != null && headers.length == 0) {
      b.header("Content-Type", "application/json");
    }
    HttpRequest request = b.build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException e) {
      // A pooled keep-alive connection the server closed just as it was reused: retried once on a new
      // connection, as Go's client retries (the JDK client retries only GET and HEAD by itself).
      if (e.getMessage() == null || !e.getMessage().contains("received no bytes")) {
        throw e;
      }
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
  }

  @Override
  public void close() throws Exception {
    if (controller != null) {
      controller.close();
    }
    jetty.stop();
    if (namespaceController != null) {
      namespaceController.close();
    }
    registry.close();
    backend.close();
  }
}
