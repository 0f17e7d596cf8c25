package dev.customapiserver.server;

import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.extension.ServerServices;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.server.config.Flags;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The groups room of the composition root: the {@link ApiGroupModule} service providers on the class
 * path, plus the access reviews (answered by the server's authorizer, so not a service provider), and
 * the {@link Scheme} of their groups.
 */
record GroupWiring(List<ApiGroupModule> modules, Scheme scheme) {
  private static final System.Logger LOG = System.getLogger(GroupWiring.class.getName());

  static GroupWiring load(LateAuthorizer authorizer, ServerServices services) {
    return load(authorizer, services, Flags.defaults());
  }

  /** The same, serving only the group/versions {@code --runtime-config} leaves on (see {@link RuntimeConfig}). */
  static GroupWiring load(LateAuthorizer authorizer, ServerServices services, Flags flags) {
    List<ApiGroupModule> modules = Stream.concat(
        ServiceLoader.load(ApiGroupModule.class, GroupWiring.class.getClassLoader()).stream().map(ServiceLoader.Provider::get),
        Stream.of(AuthorizationWiring.reviews(authorizer))).toList();
    List<ApiGroup> groups = modules.stream().map(m -> m.apiGroup(services)).toList();
    RuntimeConfig runtimeConfig = RuntimeConfig.of(flags, groups);
    if (!runtimeConfig.disabled().isEmpty()) {
      LOG.log(System.Logger.Level.INFO, "--runtime-config: not serving {0}", String.join(", ", runtimeConfig.disabled()));
    }
    return new GroupWiring(modules, new Scheme(runtimeConfig.apply(groups)));
  }
}
