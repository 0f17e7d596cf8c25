package dev.customapiserver.admission;

import java.util.List;
import java.util.Set;

/**
 * One admission plugin, named as in {@code --enable-admission-plugins} (e.g. {@code BanFlunder}).
 * A plugin is {@link MutatingPlugin}, {@link ValidatingPlugin} or both; it is called only for the
 * requests {@link #handles} accepts.
 */
public interface AdmissionPlugin {

  /** The name the flags use. */
  String name();

  /**
   * Other names the flags and the admission configuration accept for this plugin (e.g. an earlier
   * name kept for compatibility). Defaults to none.
   */
  default List<String> aliases() {
    return List.of();
  }

  /** The operations this plugin acts on. */
  Set<Operation> operations();

  /** Whether to call the plugin for a request. Defaults to: its operation is one of {@link #operations()}. */
  default boolean handles(Attributes a) {
    return operations().contains(a.operation());
  }

  /** Whether the plugin runs when no flag names it (kube-apiserver's default-on plugins). Defaults to true. */
  default boolean enabledByDefault() {
    return true;
  }
}
