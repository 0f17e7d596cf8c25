package dev.customapiserver.server;

import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ServerServices;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The groups room of the composition root: the {@link ApiGroupModule} service providers on the class
 * path, plus the access reviews (answered by the server's authorizer, so not a service provider), and
 * the {@link Scheme} of their groups.
 */
record GroupWiring(List<ApiGroupModule> modules, Scheme scheme) {
  static GroupWiring load(LateAuthorizer authorizer, ServerServices services) {
    List<ApiGroupModule> modules = Stream.concat(
        ServiceLoader.load(ApiGroupModule.class, GroupWiring.class.getClassLoader()).stream().map(ServiceLoader.Provider::get),
        Stream.of(AuthorizationWiring.reviews(authorizer))).toList();
    return new GroupWiring(modules, new Scheme(modules.stream().map(m -> m.apiGroup(services)).toList()));
  }
}
