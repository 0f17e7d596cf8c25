package dev.customapiserver.registry;

import dev.customapiserver.api.meta.UserInfo;

/**
 * What a registry call knows of its request: the namespace from the URL ({@code null} for
 * cluster-scoped resources and for lists across all namespaces) and the user.
 */
public record RequestContext(String namespace, UserInfo user) {}
