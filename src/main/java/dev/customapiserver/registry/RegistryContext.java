package dev.customapiserver.registry;

import dev.customapiserver.api.meta.UserInfo;
import java.util.function.Consumer;

/**
 * What a registry call knows of its request: the namespace from the URL ({@code null} for
 * cluster-scoped resources and for lists across all namespaces), the user, the API version the
 * request came in ({@code null}: the storage version; admission plugins see it) and where warnings
 * for the client go ({@code Warning: 299} headers; admission plugins add to it).
 */
public record RegistryContext(String namespace, UserInfo user, String version, Consumer<String> warnings) {

  public RegistryContext {
    warnings = warnings == null ? w -> {} : warnings;
  }

  /** A request in the storage version whose warnings go nowhere (internal callers, tests). */
  public RegistryContext(String namespace, UserInfo user) {
    this(namespace, user, null, null);
  }
}
