package dev.customapiserver.storage.cache;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.util.List;
import java.util.Objects;

/**
 * Lists from the cache: {@code resourceVersion=0} (any revision) and {@code NotOlderThan} a
 * revision the cache has reached read its current state; a continue token of the cache reads the
 * state at the token's revision (rolled back through the window, EXPIRED once it left it), so
 * every page of a list is one snapshot. The filter runs outside the cache's monitor on the
 * snapshot's item list. Items are the cache's own objects, shared: callers must not modify them.
 */
final class CacheLister<H extends KubeObject> {
  private final WatchCache<H> cache;
  CacheLister(WatchCache<H> cache) {
    this.cache = cache;
  }

  /** The page, or {@code null} when the request is not the cache's to serve. */
  ListPage<H> list(ListRequest<H> request) {
    String rv = request.resourceVersion();
    boolean zero = "0".equals(rv);
    if (request.continueToken() != null) {
      if (!CacheToken.isCacheToken(request.continueToken())) {
        return null;
      }
      if (rv != null && !rv.isEmpty() && !zero) {
        throw new StorageException(Reason.INVALID_ARGUMENT, null, "a continue token takes no resourceVersion");
      }
      CacheToken token = CacheToken.decode(request.continueToken());
      if (!Objects.equals(token.namespace(), request.namespace())) {
        throw new StorageException(Reason.INVALID_ARGUMENT, null, "continue token of another namespace");
      }
      Snapshot<H> s = cache.at(request.namespace(), token.after(), token.revision());
      if (s == null) {
        throw new StorageException(Reason.EXPIRED, null, "continue token's revision " + token.revision()
            + " is no longer in the watch cache");
      }
      return page(request, s);
    }
    if (zero && request.match() != ResourceVersionMatch.EXACT || notOlderThanReached(request)) {
      Snapshot<H> s = cache.current(request.namespace(), null);
      return s == null ? null : page(request, s);
    }
    return null;
  }

  private boolean notOlderThanReached(ListRequest<H> request) {
    if (request.match() != ResourceVersionMatch.NOT_OLDER_THAN || request.resourceVersion() == null) {
      return false;
    }
    try {
      return Long.parseLong(request.resourceVersion()) <= cache.revision();
    } catch (NumberFormatException e) {
      return false; // the inner store says INVALID_ARGUMENT
    }
  }

  private ListPage<H> page(ListRequest<H> request, Snapshot<H> s) {
    List<H> matching = request.filter() == null ? s.items() : s.items().stream().filter(request.filter()).toList();
    long limit = request.limit();
    if (limit <= 0 || matching.size() <= limit) {
      return new ListPage<>(matching, s.revision(), null, null);
    }
    List<H> items = matching.subList(0, (int) limit);
    H last = items.get(items.size() - 1);
    String token = new CacheToken(s.revision(), request.namespace(),
        new ObjectKey(last.metadata().namespace, last.metadata().name)).encode();
    return new ListPage<>(List.copyOf(items), s.revision(), token, (long) (matching.size() - items.size()));
  }

}
