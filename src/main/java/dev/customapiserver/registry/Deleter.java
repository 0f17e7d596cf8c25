package dev.customapiserver.registry;

import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.UpdateFunction;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Consumer;

/**
 * Deletion as kube-apiserver's generic store does it, for kinds without graceful termination: an
 * object without finalizers goes at once; one with finalizers (including those the propagation
 * policy adds for the garbage collector) is marked as deleting and stays until an update removes
 * its last finalizer, which then deletes it. Storage failures leave as {@link StorageException}.
 *
 * @param <H> the hub type
 */
final class Deleter<H extends KubeObject> {
  private static final int ATTEMPTS = 8;
  private final ResourceType<H> type;
  private final ResourceStore<H> store;
  private final StorageCodec<H> codec;
  private final Clock clock;

  Deleter(ResourceType<H> type, ResourceStore<H> store, StorageCodec<H> codec, Clock clock) {
    this.type = type;
    this.store = store;
    this.codec = codec;
    this.clock = clock;
  }

  static boolean isDryRun(DeleteOptions o) {
    return o != null && o.dryRun != null && o.dryRun.contains("All");
  }

  /**
   * Deletes, or marks as deleting, the object at {@code key}; {@code opts} is validated first,
   * {@code admit} (admission) sees the current object after the preconditions held. A kind that
   * deletes in stages ({@link dev.customapiserver.runtime.ResourceStrategy#deleteInStages}, e.g. a
   * Namespace becoming Terminating) gets its staged state stored instead.
   */
  DeleteResult<H> delete(ObjectKey key, DeleteOptions opts, Consumer<H> admit) {
    DeleteOptions o = opts == null ? new DeleteOptions() : opts;
    DeletionRules.validate(o);
    boolean dryRun = isDryRun(o);
    for (int attempt = 1; ; attempt++) {
      H current = store.get(key);
      ObjectMeta m = current.metadata();
      DeletionRules.checkPreconditions(o, m, type.group(), type.kind());
      admit.accept(current);
      Preconditions exact = new Preconditions(m.uid, m.resourceVersion);
      H next = codec.copy(current);
      try {
        if (type.strategy().deleteInStages(next, clock.instant().truncatedTo(ChronoUnit.SECONDS))) {
          return new DeleteResult<>(dryRun ? next : store.guaranteedUpdate(key, exact, c -> next), false);
        }
        ObjectMeta n = next.metadata();
        DeletionRules.applyPropagation(n, o);
        if (n.finalizers != null && !n.finalizers.isEmpty()) {
          DeletionRules.markAsDeleting(n, clock.instant());
          return new DeleteResult<>(dryRun ? next : store.guaranteedUpdate(key, exact, c -> next), false);
        }
        return new DeleteResult<>(dryRun ? current : store.delete(key, exact), true);
      } catch (StorageException e) {
        if (e.reason() != StorageException.Reason.PRECONDITION_FAILED || attempt >= ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  /**
   * Runs an update whose result {@code compute} makes; when it takes away the last finalizer of an
   * object being deleted, the object is deleted instead (watchers see DELETED) and the computed
   * object is returned, as kube-apiserver answers such a PUT or PATCH.
   */
  H update(ObjectKey key, boolean dryRun, UpdateFunction<H> compute) {
    UpdateFunction<H> f = current -> {
      ObjectMeta m = current.metadata();
      List<String> oldFinalizers = m.finalizers == null ? null : List.copyOf(m.finalizers);
      boolean deleting = m.deletionTimestamp != null;
      Preconditions exact = new Preconditions(m.uid, m.resourceVersion);
      H next = compute.apply(current);
      if (DeletionRules.emptiedFinalizers(next.metadata(), oldFinalizers, deleting)) {
        throw new Emptied(next, exact);
      }
      return next;
    };
    for (int attempt = 1; ; attempt++) {
      try {
        return dryRun ? f.apply(store.get(key)) : store.guaranteedUpdate(key, Preconditions.NONE, f);
      } catch (Emptied e) {
        H obj = type.hubType().cast(e.object);
        if (dryRun) {
          return obj;
        }
        try {
          store.delete(key, e.preconditions);
          return obj;
        } catch (StorageException se) {
          if (se.reason() == StorageException.Reason.NOT_FOUND) {
            return obj; // someone else removed the finalizers and deleted it first
          }
          if (se.reason() != StorageException.Reason.PRECONDITION_FAILED || attempt >= ATTEMPTS) {
            throw se;
          }
        }
      }
    }
  }

  /** Thrown out of a guaranteed update to abandon it and delete the object instead. */
  private static final class Emptied extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient KubeObject object;
    private final transient Preconditions preconditions;

    Emptied(KubeObject object, Preconditions preconditions) {
      super("the update removed the last finalizer", null, false, false);
      this.object = object;
      this.preconditions = preconditions;
    }
  }
}
