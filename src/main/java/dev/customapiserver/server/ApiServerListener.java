package dev.customapiserver.server;

import dev.customapiserver.server.config.ConfigLoader;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.AdminCredentials;
import dev.customapiserver.server.datadir.DataDirectory;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Starts the server when the WAR is deployed to a servlet container (declared in
 * {@code WEB-INF/web.xml}). Settings come from {@code CUSTOM_APISERVER_*} environment variables and
 * an optional YAML file named by {@code CUSTOM_APISERVER_CONFIG} or the context parameter {@value
 * #CONFIG_PARAM}. Ports and TLS are the container's; the admin token is kept in the data directory.
 */
public final class ApiServerListener implements ServletContextListener {
  /** Context init parameter naming a YAML settings file. */
  public static final String CONFIG_PARAM = "custom-apiserver.config";
  private static final System.Logger LOG = System.getLogger(ApiServerListener.class.getName());
  private ApiServer server;
  private Duration watchGrace = Duration.ofSeconds(5);

  @Override
  public void contextInitialized(ServletContextEvent event) {
    ServletContext context = event.getServletContext();
    Optional<Path> yaml = Optional.ofNullable(context.getInitParameter(CONFIG_PARAM))
        .filter(s -> !s.isBlank()).map(Path::of);
    ServerConfig config = ConfigLoader.fromEnvironment(System.getenv(), yaml);
    DataDirectory data = new DataDirectory(config.dataDir(), Clock.systemUTC(), new SecureRandom());
    server = ApiServer.create(config, new AdminCredentials(data, config).token()); // --kubectl-ephemeral-token too
    Duration grace = config.flags().duration(Option.SHUTDOWN_WATCH_TERMINATION_GRACE_PERIOD);
    watchGrace = grace.compareTo(watchGrace) > 0 ? grace : watchGrace;
    server.register(context);
    LOG.log(System.Logger.Level.INFO, "custom-apiserver deployed at context path \"{0}\"; data in {1}; "
        + "admin bearer token in {2}", context.getContextPath(), data.root(), data.adminTokenFile());
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    if (server != null) {
      server.shutdownInitiated(); // undeploy: /readyz fails, watch streams end cleanly, then the database closes
      try {
        server.endWatches(watchGrace);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      server.close();
    }
  }
}
