package dev.customapiserver.server;

import dev.customapiserver.controllers.NamespaceController;
import dev.customapiserver.controllers.gc.GarbageCollector;
import dev.customapiserver.controllers.expiry.Expiry;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.server.config.ServerConfig;

/**
 * The background room of the composition root, in start order: the registry (closed last), the
 * namespace controller, the garbage collector, the delegation's and the core cluster's followers,
 * RBAC's bootstrap and aggregation, the custom resource controller and the expiry of Events.
 */
final class BackgroundWiring {
  private BackgroundWiring() {}

  static Background of(ServerConfig config, Registry registry, Delegation delegation, CoreClusterWiring core) {
    NamespaceController namespaces = new NamespaceController(registry);
    GarbageCollector gc = GarbageCollector.over(registry);
    Background background = new Background()
        .add(() -> { }, registry::close)
        .add(namespaces::start, namespaces::close)
        .add(gc::start, gc::close)
        .add(delegation::start, delegation::close)
        .add(core::start, core::close);
    AuthorizationWiring.background(background, registry);
    CustomResourceWiring.background(background, registry);
    Expiry expiry = ControlPlaneWiring.expiry(config, registry);
    return background.add(expiry::start, expiry::close);
  }
}
