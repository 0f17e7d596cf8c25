package dev.customapiserver.server;

import dev.customapiserver.auth.serviceaccount.ServiceAccountKeys;
import dev.customapiserver.endpoints.RestApi;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The REST room of the composition root: the JAX-RS application over the registry, with the
 * extension endpoints (service account discovery, the modules' own) and the reviews bound beside the
 * groups' resources.
 */
final class RestWiring {
  private RestWiring() {}

  static RestApi api(ServerConfig config, GroupWiring groups, Registry registry, Codecs codecs, Operations ops,
      ServiceAccountKeys serviceAccountKeys, List<VirtualResource<?>> reviews) {
    List<ExtensionEndpoint> extensions = Stream.concat(ServiceAccountWiring.discovery(config, serviceAccountKeys).stream(),
        groups.modules().stream().flatMap(m -> m.extensionEndpoints(registry.client()).stream())).toList();
    RestApi.Settings settings = RestApi.Settings.DEFAULT
        .withMinRequestTimeout(Duration.ofSeconds(config.flags().integer(Option.MIN_REQUEST_TIMEOUT, 1)))
        .withWatchEvents(ops.metrics()::watchEventSent);
    return new RestApi(groups.scheme(), registry, codecs, settings, extensions, reviews);
  }
}
