/**
 * The watch cache: {@link dev.customapiserver.storage.cache.CachingStorageBackend} decorates any
 * {@link dev.customapiserver.storage.StorageBackend} (as Kubernetes' cacher decorates etcd) and
 * knows the inner one only through the storage contract.
 *
 * <p>Feed ({@code CacheFeed}): per resource, on the backend's sync thread, a paged list of the
 * inner store (one snapshot at revision R), then one inner watch of the whole resource from R with
 * bookmarks. Until that first list is done every request goes to the inner store. If the inner
 * watch ends with an error, the cache forgets its state, ends its watchers with that error and
 * lists again.
 *
 * <p>State ({@code WatchCache}, one monitor): key → current object in key order at the cache's
 * revision, plus a window of the last {@code windowSize} changes, each with the object before it;
 * the window holds every change after {@code windowStart} (R, or the revision of the last change
 * evicted). Rolling the current state back through the window gives the state at any revision in
 * [windowStart, revision]. Inner bookmarks move the revision on without a change.
 *
 * <p>Fan-out ({@code CacheWatcher}): applying a change appends it to the queue of every registered
 * watcher, under the monitor, and never calls a listener. Each watcher drains its own queue on the
 * delivery pool (a fixed pool of max(4, cores) threads, as listeners must not block: at most one
 * task per watcher, so calls are sequential and in order, and a listener that does block holds one
 * thread, not the others). A watcher whose queue exceeds max(1000, 10 × windowSize) ends with
 * EXPIRED; one whose listener throws with UNAVAILABLE.
 *
 * <p>Hand-over without gap or duplicate: a watcher is registered under the monitor together with
 * what precedes the live changes, taken at the same instant: the references of the current objects
 * at revision C (rv unset or "0"), or the window's changes after its resourceVersion (preceded by
 * the state rolled back to it for sendInitialEvents). Only copying references happens under the
 * monitor; filtering, copying objects and calling the listener for a big initial list happen on
 * the watcher's own drain task, so no other watcher waits for it. Every change applied after the
 * registration lands in its queue; the watcher drops anything at or below its start revision.
 *
 * <p>Served from memory: watches with rv unset, "0" or inside the window; lists with rv "0" (not
 * Exact), NotOlderThan a revision the cache has reached, and the cache's own continue tokens
 * ({@code wc.}…, the state at the token's revision; EXPIRED once it left the window). Delegated:
 * watches older than the window or unreadable, lists with rv unset (most recent: a consistent read)
 * or Exact, NotOlderThan ahead of the cache, the inner store's continue tokens, get and all writes.
 * Objects handed out (list items, watch events) are the cache's own, shared by every reader and
 * never copied (copying 100,000 objects per list, or each event once per watcher, was what made
 * the cache slow): callers treat them as read-only, as the storage contract says.
 */
package dev.customapiserver.storage.cache;
