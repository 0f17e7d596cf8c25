package dev.customapiserver.endpoints.call;

import dev.customapiserver.registry.ListOptions;

/**
 * A parsed watch request: what to watch ({@code list}: selectors and resourceVersion), watch-list,
 * bookmarks and the requested timeout ({@code 0}: the server's randomized default).
 */
public record WatchParams(ListOptions list, boolean sendInitialEvents, boolean bookmarks, long timeoutSeconds) {}
