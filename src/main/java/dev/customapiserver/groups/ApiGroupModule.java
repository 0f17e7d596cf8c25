package dev.customapiserver.groups;

import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.PluginConfigurations;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import dev.customapiserver.runtime.extension.ObjectClient;
import dev.customapiserver.runtime.extension.ServerServices;
import java.util.List;

/**
 * One API group, plugged into the server through {@link java.util.ServiceLoader}. The server calls
 * {@link #apiGroup()} once at start, then {@link #admissionPlugins}. Later additions come as default
 * methods, so existing modules keep compiling.
 */
public interface ApiGroupModule {

  /** The group with its versions and resources. */
  ApiGroup apiGroup();

  /**
   * The group, built with what the server offers ({@link ServerServices}: token signing, clock).
   * The server calls this one; it defaults to {@link #apiGroup()}, so only modules that use a
   * service override it.
   */
  default ApiGroup apiGroup(ServerServices services) {
    return apiGroup();
  }

  /**
   * The admission plugins this group brings (e.g. a validating plugin refusing some creates). They
   * read other objects through {@code listers}. Defaults to none.
   */
  default List<AdmissionPlugin> admissionPlugins(Listers listers) {
    return List.of();
  }

  /**
   * The admission plugins this group brings, made with their configuration from
   * {@code --admission-control-config-file} (see {@link PluginConfigurations#of}); what the server
   * calls. Defaults to {@link #admissionPlugins(Listers)}, for plugins that take no configuration.
   *
   * @throws IllegalArgumentException if a plugin's configuration does not fit (a start-up error)
   */
  default List<AdmissionPlugin> admissionPlugins(Listers listers, PluginConfigurations configurations) {
    return admissionPlugins(listers);
  }

  /**
   * Plain HTTP endpoints this group serves beside its resources (e.g. {@code POST /wukong/pizzas/{namespace}}),
   * behind the same authentication and authorization as the API. They read and write objects
   * through {@code client}, so validation and admission apply. Called once at start, after
   * {@link #apiGroup()}. Defaults to none.
   */
  default List<ExtensionEndpoint> extensionEndpoints(ObjectClient client) {
    return List.of();
  }
}
