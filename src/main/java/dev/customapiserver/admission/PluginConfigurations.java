package dev.customapiserver.admission;

import java.util.List;
import java.util.Optional;

/**
 * The plugins' own configuration, as kube-apiserver's {@code --admission-control-config-file}
 * (an {@code apiserver.config.k8s.io/v1} AdmissionConfiguration) gives it: per plugin name, an inline
 * {@code configuration} object or a file at {@code path}. A plugin reads its part once, when made,
 * into a type of its own (a record), and uses its defaults when nothing is given.
 */
public interface PluginConfigurations {
  /** No configuration for any plugin. */
  PluginConfigurations NONE = new PluginConfigurations() {
    @Override
    public <T> Optional<T> of(Class<T> type, String name, List<String> aliases) {
      return Optional.empty();
    }
  };

  /**
   * The configuration given for the plugin called {@code name} (or one of its {@code aliases}),
   * decoded as {@code type}; empty when none is given. Unknown fields are refused; the object's own
   * {@code apiVersion} and {@code kind}, if present, are ignored.
   *
   * @throws IllegalArgumentException worded as kube-apiserver's {@code couldn't init admission plugin "X": ...}
   *     when the configuration does not fit {@code type}
   */
  <T> Optional<T> of(Class<T> type, String name, List<String> aliases);
}
