package dev.customapiserver.server;

import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.client.InCluster;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.server.datadir.ServingIdentity;
import dev.customapiserver.server.embedded.EmbeddedServer;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestPki;
import dev.customapiserver.testing.Widgets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import javax.net.ssl.SSLContext;

/**
 * The server's delegation wiring ({@link DelegationWiring}) around a local token chain and a local
 * authorizer, serving the Widgets fixture group over HTTPS with a certificate from {@link #SERVING_CA}.
 * The {@link #WHO_AM_I} authorizer denies everything, naming the user's UID, groups and extra, so a
 * 403 tells a test who the server took the request for.
 */
final class DelegatedServer implements AutoCloseable {
  static final TestPki.Ca SERVING_CA = TestPki.ca("serving-ca");
  static final String ADMIN_TOKEN = "local-admin-token";
  /** Denies with {@code uid="..." groups=[...] extra={...}} as the reason. */
  static final Authorizer WHO_AM_I = a -> Authorizer.Decision.deny("uid=\"" + a.user().uid() + "\" groups="
      + a.user().groups() + " extra=" + a.user().extra());

  final Delegation delegation;
  final EmbeddedServer server;
  final URI base;

  /** Not in a pod: no in-cluster configuration, whatever this process's environment says. */
  static final InCluster NOWHERE = new InCluster(name -> null, Path.of("/nonexistent"));

  DelegatedServer(Path dataDir, Map<Option, String> flags, Authorizer local) throws Exception {
    this(dataDir, flags, local, NOWHERE);
  }

  /** With {@code inCluster} standing for the pod the server runs in. */
  DelegatedServer(Path dataDir, Map<Option, String> flags, Authorizer local, InCluster inCluster) throws Exception {
    ServerConfig config = new ServerConfig(dataDir, 0, "127.0.0.1", OptionalInt.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), "", "", true, 1000, List.of(), List.of(), Flags.with(flags));
    delegation = DelegationWiring.open(config, inCluster);
    Codecs codecs = new Codecs();
    Scheme scheme = new Scheme(List.of(Widgets.group()));
    MemoryStorageBackend backend = new MemoryStorageBackend();
    RestApi rest = new RestApi(scheme, new Registry(scheme, backend, codecs, Clock.systemUTC()), codecs, RestApi.Settings.DEFAULT);
    AuthenticationChain chain = delegation.authentication(
        AuthenticationChain.ofTokens(List.of(TokenAuthenticator.of(Map.of(ADMIN_TOKEN, UserInfo.of("admin", "system:masters"))))));
    RequestPipeline pipeline = RequestPipeline.standard(codecs, Clock.systemUTC(), chain, delegation.authorization(local));
    ApiServer api = new ApiServer(codecs, backend, rest.resourceConfig(), pipeline,
        new Background().add(delegation::start, delegation::close), new Operations());
    TestPki.Issued serving = SERVING_CA.server("apiserver", "127.0.0.1", "localhost");
    server = EmbeddedServer.start(config, new ServingIdentity(serving.key(), List.of(serving.certificate()),
        SERVING_CA.certificate()), api);
    base = server.secureUri();
  }

  /** A client over TLS presenting {@code identity} (or nothing when null). */
  static HttpClient client(TestPki.Issued identity) {
    SSLContext tls = identity == null ? TestPki.trusting(SERVING_CA.certificate()) : identity.tls(SERVING_CA.certificate());
    return HttpClient.newBuilder().sslContext(tls).build();
  }

  /** GET {@code path} with header pairs. */
  HttpResponse<String> get(HttpClient client, String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() {
    server.close();
  }
}
