package dev.customapiserver.storage;

import dev.customapiserver.api.meta.KubeObject;

/**
 * Storage of the objects of one resource (hub type {@code H}). Every successful write assigns the
 * object a new resourceVersion (written into {@code metadata.resourceVersion} of the returned copy)
 * that is larger than every earlier one in the same database, and commit order equals
 * resourceVersion order. A write that returned is durable.
 *
 * <p>Objects returned by {@link #list} and delivered to watch listeners may be shared with the
 * store (a watch cache hands out its own, as Kubernetes' cacher does): callers treat them as
 * read-only and copy before modifying.
 *
 * @param <H> the hub type
 */
public interface ResourceStore<H extends KubeObject> {

  /** Stores a new object. @throws StorageException ALREADY_EXISTS */
  H create(ObjectKey key, H obj);

  /** The current object. @throws StorageException NOT_FOUND */
  H get(ObjectKey key);

  /** A page of objects in key order. @throws StorageException EXPIRED, INVALID_ARGUMENT */
  ListPage<H> list(ListRequest<H> request);

  /**
   * Reads the current object, checks {@code preconditions}, applies {@code update} and writes the
   * result atomically: no other write to the object happens in between. Returns the stored object
   * (the current one, unchanged, when the update was a no-op).
   *
   * @throws StorageException NOT_FOUND, PRECONDITION_FAILED; or whatever {@code update} throws
   */
  H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update);

  /**
   * Deletes the object after checking {@code preconditions}; returns its last state with the
   * deletion's resourceVersion. @throws StorageException NOT_FOUND, PRECONDITION_FAILED
   */
  H delete(ObjectKey key, Preconditions preconditions);

  /**
   * {@link #guaranteedUpdate} that may start from {@code suggestion}, the caller's own copy of the
   * object as a watch cache last saw it, instead of reading it (kube's cachedExistingObject); a
   * suggestion that turns out stale costs a retry on the stored state, never a different outcome.
   * Stores that cannot use it ignore it.
   */
  default H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update, H suggestion) {
    return guaranteedUpdate(key, preconditions, update);
  }

  /** {@link #delete} that may start from {@code suggestion}, as {@link #guaranteedUpdate(ObjectKey, Preconditions, UpdateFunction, KubeObject)}. */
  default H delete(ObjectKey key, Preconditions preconditions, H suggestion) {
    return delete(key, preconditions);
  }

  /**
   * Starts delivering the changes {@code request} selects to {@code listener}, from another thread.
   * Every change is delivered exactly once, in resourceVersion order, also when writes come from
   * other processes sharing the database.
   *
   * @throws StorageException EXPIRED when the requested resourceVersion is older than the history
   *     kept (before any event is delivered), INVALID_ARGUMENT for an unreadable one
   */
  Watch watch(WatchRequest<H> request, WatchListener<H> listener);
}
