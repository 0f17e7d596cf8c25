package dev.customapiserver.server;

import dev.customapiserver.apis.apiextensions.ApiextensionsGroup;
import dev.customapiserver.controllers.crd.CustomResourceController;
import dev.customapiserver.registry.Registry;

/** The custom resource room's wiring: the controller serving what CustomResourceDefinitions describe. */
final class CustomResourceWiring {
  private CustomResourceWiring() {}

  /** Adds the custom resource controller when the apiextensions.k8s.io group is served. */
  static void background(Background background, Registry registry) {
    if (registry.scheme().group(ApiextensionsGroup.NAME).isEmpty()) {
      return;
    }
    CustomResourceController controller = new CustomResourceController(registry);
    background.add(controller::start, controller::close);
  }
}
