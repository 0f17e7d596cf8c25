package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.server.embedded.EmbeddedServer;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.Widgets;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The production servlet wiring (filters, WebSocket, REST) on embedded Jetty over the Widgets fixture
 * group and an in-memory storage, at a free loopback port over plain HTTP; {@link #TOKEN} is an admin.
 */
final class InProcessApiServer implements AutoCloseable {
  static final String TOKEN = "in-process-token";
  final MemoryStorageBackend backend = new MemoryStorageBackend();
  final EmbeddedServer server;
  final URI base;

  InProcessApiServer(Path dataDir) throws Exception {
    this(dataDir, Authorizer.authenticatedMayDoEverything());
  }

  InProcessApiServer(Path dataDir, Authorizer authorizer) throws Exception {
    Codecs codecs = new Codecs();
    Scheme scheme = new Scheme(List.of(Widgets.group()));
    RestApi rest = new RestApi(scheme, new Registry(scheme, backend, codecs, Clock.systemUTC()), codecs, RestApi.Settings.DEFAULT);
    RequestPipeline pipeline = RequestPipeline.standard(codecs, Clock.systemUTC(),
        AuthenticationChain.ofTokens(List.of(TokenAuthenticator.of(Map.of(TOKEN, UserInfo.of("admin", "system:masters"))))), authorizer);
    ApiServer api = new ApiServer(codecs, backend, rest.resourceConfig(), pipeline, new Background(), new Operations());
    ServerConfig config = new ServerConfig(dataDir, 0, "127.0.0.1", OptionalInt.of(0), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), "", "", true, 1000);
    server = EmbeddedServer.start(config, new DataDirectory(dataDir, Clock.systemUTC(), new SecureRandom())
        .servingIdentity(List.of()), api);
    base = server.plainUri().orElseThrow();
  }

  /** The ws:// URL of a path and query. */
  URI ws(String pathAndQuery) {
    return URI.create("ws://" + base.getHost() + ":" + base.getPort() + pathAndQuery);
  }

  @Override
  public void close() {
    server.close();
  }
}
