package dev.customapiserver.server.embedded;

import dev.customapiserver.server.ApiServer;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.AdminCredentials;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.datadir.ServingIdentity;
import dev.customapiserver.storage.StorageBackend;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.websocket.jakarta.server.config.JakartaWebSocketServletContainerInitializer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** A running server on embedded Jetty. {@link #close()} stops it. */
public final class EmbeddedServer implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(EmbeddedServer.class.getName());
  private final Server jetty;
  private final URI secureUri;
  private final Optional<URI> plainUri;
  private final Path kubeconfig;
  private final ApiServer api;
  private final Shutdown shutdown;
  private boolean closed;

  private EmbeddedServer(Server jetty, URI secureUri, Optional<URI> plainUri, Path kubeconfig, ApiServer api,
      Shutdown shutdown) {
    this.jetty = jetty;
    this.secureUri = secureUri;
    this.plainUri = plainUri;
    this.kubeconfig = kubeconfig;
    this.api = api;
    this.shutdown = shutdown;
  }

  /** What {@code java -jar custom-apiserver.war} runs; see {@link Cli}. */
  public static void main(String[] args) {
    Cli.main(args);
  }

  /**
   * Prepares the data directory (certificates, admin token), starts Jetty with the production
   * wiring and writes the kubeconfig with the actual HTTPS port.
   */
  public static EmbeddedServer start(ServerConfig config) throws Exception {
    return start(config, UnaryOperator.identity());
  }

  /** The same, with the storage backend passed through {@code storageView} (see {@link ApiServer#create}). */
  public static EmbeddedServer start(ServerConfig config, UnaryOperator<StorageBackend> storageView) throws Exception {
    DataDirectory data = new DataDirectory(config.dataDir(), Clock.systemUTC(), new SecureRandom());
    AdminCredentials admin = new AdminCredentials(data, config);
    String token = admin.token();
    ServingIdentity identity = new ServingCertificates(ServingCertificates.MOUNTED).choose(config, data);
    admin.writeClientCertificate(); // before the authenticators are made: they trust the data directory's CA
    ApiServer api = ApiServer.create(config, token, storageView);
    EmbeddedServer server = start(config, identity, api);
    Optional<Path> kubeconfig = admin.writeKubeconfig(server.secureUri.toString(), identity, token);
    LOG.log(System.Logger.Level.INFO, "Serving {0}{1}.{2}", server.secureUri,
        server.plainUri.map(u -> " and " + u).orElse(""),
        kubeconfig.map(k -> " For kubectl: export KUBECONFIG=" + k).orElse(""));
    EmbeddedServer running = new EmbeddedServer(server.jetty, server.secureUri, server.plainUri, kubeconfig.orElse(null),
        api, server.shutdown);
    Runtime.getRuntime().addShutdownHook(new Thread(running::close, "apiserver-shutdown")); // SIGTERM, SIGINT
    return running;
  }

  /** Starts Jetty serving {@code api}; the kubeconfig is left alone (for tests). */
  public static EmbeddedServer start(ServerConfig config, ServingIdentity identity, ApiServer api) throws Exception {
    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("apiserver");
    Server jetty = new Server(threads);
    ServerConnector https = Connectors.https(jetty, config.bindAddress(), config.securePort(), identity);
    jetty.addConnector(https);
    Optional<ServerConnector> http = config.plainPort().stream().boxed().findFirst()
        .map(port -> Connectors.http(jetty, config.bindAddress(), port));
    http.ifPresent(jetty::addConnector);

    ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
    context.setContextPath("/");
    context.addEventListener(api.asListener());
    JakartaWebSocketServletContainerInitializer.configure(context, null); // watches over WebSocket
    jetty.setHandler(new GracefulHandler(new ConnectMethod(context))); // stop() waits for the requests in flight
    StatusErrors.install(jetty, context);
    Shutdown shutdown = Shutdown.of(config);
    jetty.setStopTimeout(shutdown.drainTimeout().toMillis());
    try {
      jetty.start();
    } catch (Exception e) {
      jetty.stop();
      api.close();
      throw e;
    }
    String host = BindAddresses.clientHost(config.bindAddress());
    URI secure = URI.create("https://" + host + ":" + https.getLocalPort());
    Optional<URI> plain = http.map(c -> URI.create("http://" + host + ":" + c.getLocalPort()));
    return new EmbeddedServer(jetty, secure, plain, null, api, shutdown);
  }

  /** The HTTPS base URL with the actual port, e.g. {@code https://127.0.0.1:6443}. */
  public URI secureUri() {
    return secureUri;
  }

  /** The plain HTTP base URL, if {@code --port} is set. */
  public Optional<URI> plainUri() {
    return plainUri;
  }

  /** The kubeconfig written at start, if this server wrote one. */
  public Optional<Path> kubeconfig() {
    return Optional.ofNullable(kubeconfig);
  }

  /** Blocks until the server stops (e.g. on SIGTERM). */
  public void join() throws InterruptedException {
    jetty.join();
  }

  /**
   * Stops as kube-apiserver does on SIGTERM (see {@link Shutdown}): {@code /readyz} fails while
   * everything keeps serving for {@code --shutdown-delay-duration}; then the open watch streams end
   * cleanly (within {@code --shutdown-watch-termination-grace-period}), the listeners close, the
   * requests in flight finish (up to {@code --request-timeout}), and the storage closes with the
   * context. Idempotent; a second caller waits for the first.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      shutdown.run(api, jetty);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      throw new IllegalStateException("stopping the server failed", e);
    }
  }

}
