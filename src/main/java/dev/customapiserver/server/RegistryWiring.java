package dev.customapiserver.server;

import dev.customapiserver.admission.AdmissionObserver;
import dev.customapiserver.admission.AdmissionPlugin;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.admission.chain.AdmissionChain;
import dev.customapiserver.admission.chain.AdmissionConfiguration;
import dev.customapiserver.admission.chain.PluginSelection;
import dev.customapiserver.admission.webhook.WebhookPlugins;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.config.ServerConfig;
import dev.customapiserver.storage.StorageBackend;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry room of the composition root: the registry over the storage stack, its writes through
 * the admission chain (the modules' plugins, the webhooks, as {@code --enable-admission-plugins},
 * {@code --disable-admission-plugins} and {@code --admission-control-config-file} select) behind
 * RBAC's escalation check, and the stored bytes through the encryption of {@code
 * --encryption-provider-config}.
 */
final class RegistryWiring {
  private static final System.Logger LOG = System.getLogger(RegistryWiring.class.getName());

  private RegistryWiring() {}

  /**
   * @throws ConfigException for an unknown plugin, a configuration that does not fit it, or an
   *     unreadable encryption or admission configuration (the storage is closed then)
   */
  static Registry open(ServerConfig config, GroupWiring groups, StorageBackend storage, Codecs codecs,
      CoreClusterWiring core, LateAuthorizer authorizer, Operations ops) {
    Scheme scheme = groups.scheme();
    PluginSelection selection = new PluginSelection(config.enableAdmissionPlugins(), config.disableAdmissionPlugins());
    try {
      AdmissionConfiguration admission = config.flags().path(Option.ADMISSION_CONTROL_CONFIG_FILE)
          .map(AdmissionConfiguration::read).orElse(AdmissionConfiguration.EMPTY);
      return new Registry(scheme, storage, codecs, Clock.systemUTC(), listers -> AuthorizationWiring.guard(
          chain(groups.modules(), scheme, codecs, core.listers(listers), selection, admission, ops.metrics().admission()),
          listers, authorizer, scheme), ControlPlaneWiring.encryption(config), config.flags().bool(Option.UNRESTRICTED_UPDATE));
    } catch (IllegalArgumentException e) {
      storage.close();
      throw ConfigException.invalid(e.getMessage());
    }
  }

  /**
   * The chain of the enabled plugins: the modules' (NamespaceLifecycle comes with the core group),
   * then the webhooks the server itself brings; ordered by {@link PluginSelection}.
   */
  static AdmissionChain chain(List<ApiGroupModule> modules, Scheme scheme, Codecs codecs, Listers listers,
      PluginSelection selection, AdmissionConfiguration configuration, AdmissionObserver observer) {
    List<AdmissionPlugin> plugins = new ArrayList<>();
    modules.forEach(m -> plugins.addAll(m.admissionPlugins(listers, configuration)));
    plugins.addAll(WebhookPlugins.create(scheme, listers, codecs, observer));
    configuration.checkNames(plugins);
    AdmissionChain chain = AdmissionChain.of(plugins, selection, observer);
    LOG.log(System.Logger.Level.INFO, "Admission plugins: {0}", String.join(", ", chain.names()));
    return chain;
  }
}
