package dev.customapiserver.storage;

import java.util.function.Predicate;

/**
 * What a watch of one resource wants.
 *
 * @param namespace only this namespace, or {@code null} for all (and for cluster-scoped resources)
 * @param filter which objects the watcher sees. An object that starts matching is an ADDED for the
 *     watcher, one that stops matching a DELETED with the state it was last seen in (its
 *     resourceVersion the change's), as Kubernetes' cacheWatcher and etcd3 watcher do.
 * @param resourceVersion {@code null} or {@code "0"}: first an ADDED for every current object
 *     (at a consistent revision), then the changes after it; otherwise only the changes after this
 *     revision, replayed from history (EXPIRED when that history is gone)
 * @param sendInitialEvents with a resourceVersion: first the state at that revision as ADDED events,
 *     then a BOOKMARK at it marking the end of the initial events (watch-list)
 * @param bookmarks whether the watcher wants periodic BOOKMARK events
 */
public record WatchRequest<H>(String namespace, Predicate<H> filter, String resourceVersion,
    boolean sendInitialEvents, boolean bookmarks) {}
