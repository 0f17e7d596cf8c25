package dev.customapiserver.testing;

import dev.customapiserver.controllers.Controller;
import dev.customapiserver.controllers.gc.GarbageCollector;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ObjectClient;
import dev.customapiserver.storage.StorageBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.glassfish.jersey.servlet.ServletContainer;

/** The REST layer on an in-process Jetty at a free loopback port, over a given storage backend (closed with it). */
public final class TestServer implements AutoCloseable {
  private final Server jetty;
  private final Registry registry;
  private final StorageBackend backend;
  private final URI base;
  private final HttpClient http = HttpClient.newHttpClient();
  private final Controller controller;

  public TestServer(List<ApiGroup> groups, StorageBackend backend) throws Exception {
    this(groups, backend, RestApi.Settings.DEFAULT);
  }

  public TestServer(List<ApiGroup> groups, StorageBackend backend, RestApi.Settings settings) throws Exception {
    this(groups, backend, settings, client -> List.of(), false);
  }

  /** With extension endpoints, made from the server's {@link ObjectClient} as a group module's are. */
  public TestServer(List<ApiGroup> groups, StorageBackend backend, RestApi.Settings settings,
      Function<ObjectClient, List<ExtensionEndpoint>> extensions) throws Exception {
    this(groups, backend, settings, extensions, false);
  }

  /** A server whose registry also runs the garbage collector (as the real server does). */
  public static TestServer withGarbageCollector(List<ApiGroup> groups, StorageBackend backend) throws Exception {
    return new TestServer(groups, backend, RestApi.Settings.DEFAULT, client -> List.of(), true);
  }

  private TestServer(List<ApiGroup> groups, StorageBackend backend, RestApi.Settings settings,
      Function<ObjectClient, List<ExtensionEndpoint>> extensions, boolean gc) throws Exception {
    this.backend = backend;
    Scheme scheme = new Scheme(groups);
    Codecs codecs = new Codecs();
    registry = new Registry(scheme, backend, codecs, Clock.systemUTC());
    RestApi api = new RestApi(scheme, registry, codecs, settings, extensions.apply(registry.client()));
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler ctx = new ServletContextHandler();
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
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() throws Exception {
    if (controller != null) {
      controller.close();
    }
    jetty.stop();
    registry.close();
    backend.close();
  }
}
