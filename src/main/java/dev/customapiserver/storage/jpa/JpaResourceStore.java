package dev.customapiserver.storage.jpa;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import dev.customapiserver.storage.jpa.ChangeRecord.Type;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The objects of one resource in the {@code stored_objects} table. Each write draws its revision
 * first ({@link Revisions#next}), writes the object row and appends a change-log row in the same
 * transaction. Updates and deletes are compare-and-swap on the row's resourceVersion: the update
 * function runs outside any transaction on a freshly decoded copy and is retried when another
 * writer got there first.
 */
final class JpaResourceStore<H extends KubeObject> implements ResourceStore<H> {
  private final Database db;
  private final Revisions revisions;
  private final GroupResource resource;
  private final StorageCodec<H> codec;
  private final ObjectLister<H> lister;
  private final ChangeTailer tailer;
  private final WakeUp wake;

  JpaResourceStore(Database db, Revisions revisions, GroupResource resource, StorageCodec<H> codec,
      ObjectLister<H> lister, ChangeTailer tailer, WakeUp wake) {
    this.tailer = tailer;
    this.wake = wake;
    this.db = db;
    this.revisions = revisions;
    this.resource = resource;
    this.codec = codec;
    this.lister = lister;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    Location at = new Location(resource, key);
    H copy = codec.copy(obj);
    StorageCodec<H>.Template encoded = codec.template(copy); // encoded here, not while holding the write lock
    return db.writeGrouped(key, tx -> {
      // looked up first: a failed insert would abort a PostgreSQL transaction the whole group shares;
      // the unique key still decides a race between two servers (the group then runs again, each
      // write alone, and the loser's insert fails as AlreadyExists)
      if (tx.exists(at)) {
        throw new StorageException(Reason.ALREADY_EXISTS, key, "object exists already: " + key, null);
      }
      long rv = revisions.next(tx);
      copy.metadata().resourceVersion = Long.toString(rv);
      byte[] bytes = encoded.encode(Long.toString(rv));
      String data = new String(bytes, StandardCharsets.UTF_8);
      tx.insert(at, copy.metadata().uid, rv, data);
      tx.log(rv, at, Type.ADDED, null, data);
      return new Database.Written<>(copy, change(rv, at, Type.ADDED, bytes, null));
    });
  }

  @Override
  public H get(ObjectKey key) {
    return decode(current(new Location(resource, key)).data, key);
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    return lister.list(resource, request);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return guaranteedUpdate(key, preconditions, update, null);
  }

  /**
   * With a {@code suggestion} (a copy of the watch cache's object) the first attempt starts from it
   * instead of reading the row; the write's compare-and-swap on its resourceVersion decides whether
   * it was current. A failed swap, a failed precondition or update function, or a no-op found on it
   * is tried again on the stored row (kube's GuaranteedUpdate with a cached existing object).
   */
  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update, H suggestion) {
    Location at = new Location(resource, key);
    Current<H> suggested = suggested(suggestion);
    while (true) {
      Current<H> cur = suggested != null ? suggested : stored(at);
      boolean verified = suggested == null;
      suggested = null;
      H result;
      try {
        check(preconditions, cur, key);
        result = Objects.requireNonNull(update.apply(cur.object()), "update function returned null");
      } catch (RuntimeException e) {
        if (verified) {
          throw e;
        }
        continue; // decided on a suggestion that may be stale: decide again on the stored row
      }
      result.metadata().resourceVersion = Long.toString(cur.resourceVersion());
      StorageCodec<H>.Template encoded = codec.template(result);
      if (text(encoded, cur.resourceVersion()).equals(cur.data())) {
        if (verified) {
          return result;
        }
        continue; // nothing to write, if the suggestion was current: see whether it was
      }
      Long written = db.writeGrouped(key, tx -> {
        long rv = revisions.next(tx);
        result.metadata().resourceVersion = Long.toString(rv);
        byte[] bytes = encoded.encode(Long.toString(rv));
        String data = new String(bytes, StandardCharsets.UTF_8);
        if (!tx.swap(at, cur.resourceVersion(), result.metadata().uid, rv, data)) {
          revisions.giveBack(tx);
          return null; // another writer changed or deleted it since we read it: roll back, retry
        }
        tx.log(rv, at, Type.MODIFIED, cur.resourceVersion(), data);
        return new Database.Written<>(rv, change(rv, at, Type.MODIFIED, bytes, cur.data()));
      });
      if (written != null) {
        return result;
      }
    }
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return delete(key, preconditions, null);
  }

  /** With a {@code suggestion}, as {@link #guaranteedUpdate(ObjectKey, Preconditions, UpdateFunction, KubeObject)}. */
  @Override
  public H delete(ObjectKey key, Preconditions preconditions, H suggestion) {
    Location at = new Location(resource, key);
    Current<H> suggested = suggested(suggestion);
    while (true) {
      Current<H> cur = suggested != null ? suggested : stored(at);
      boolean verified = suggested == null;
      suggested = null;
      try {
        check(preconditions, cur, key);
      } catch (StorageException e) {
        if (verified) {
          throw e;
        }
        continue;
      }
      H last = cur.object();
      StorageCodec<H>.Template encoded = codec.template(last);
      H deleted = db.writeGrouped(key, tx -> {
        long rv = revisions.next(tx);
        if (!tx.remove(at, cur.resourceVersion())) {
          revisions.giveBack(tx);
          return null; // changed or deleted since we read it: roll back, retry
        }
        last.metadata().resourceVersion = Long.toString(rv);
        byte[] bytes = encoded.encode(Long.toString(rv));
        tx.log(rv, at, Type.DELETED, cur.resourceVersion(), new String(bytes, StandardCharsets.UTF_8));
        return new Database.Written<>(last, change(rv, at, Type.DELETED, bytes, cur.data()));
      });
      if (deleted != null) {
        return deleted;
      }
    }
  }

  /** The state an update or delete starts from: the object, its uid, resourceVersion and stored text. */
  private record Current<H>(H object, String uid, long resourceVersion, String data) {}

  private Current<H> stored(Location at) {
    StoredObject row = current(at);
    return new Current<>(decode(row.data, at.key()), row.uid, row.resourceVersion, row.data);
  }

  /** The suggestion as a state to start from; null without one, or with an unreadable resourceVersion. */
  private Current<H> suggested(H suggestion) {
    if (suggestion == null) {
      return null;
    }
    long rv;
    try {
      rv = Long.parseLong(suggestion.metadata().resourceVersion);
    } catch (NumberFormatException e) {
      return null;
    }
    // encoded before the update function may change it: what is stored, if the suggestion is current
    String data = text(codec.template(suggestion), rv);
    return new Current<>(suggestion, suggestion.metadata().uid, rv, data);
  }

  /**
   * Checks the requested revision against the compaction horizon here, synchronously; the tailer
   * thread then sends the initial state and replays history before the watch joins the tail.
   */
  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    String rv = request.resourceVersion();
    Long from = null;
    if (rv != null && !rv.isEmpty() && !"0".equals(rv)) {
      try {
        from = Long.parseLong(rv);
      } catch (NumberFormatException e) {
        from = -1L;
      }
      if (from < 0) {
        throw new StorageException(Reason.INVALID_ARGUMENT, null, "invalid resourceVersion: " + rv);
      }
      long compacted = db.read(null, revisions::snapshot).compacted();
      if (from < compacted) {
        throw new StorageException(Reason.EXPIRED, null, "too old resource version: " + from
            + " (compacted revision " + compacted + ")");
      }
    }
    Watcher<H> w = new Watcher<>(Location.Of.of(resource), request, listener, codec, wake);
    tailer.join(w, from);
    return w;
  }

  private StoredObject current(Location at) {
    StoredObject row = db.read(at.key(), em -> em.find(StoredObject.class, new StoredObject.Key(at)));
    if (row == null) {
      throw new StorageException(Reason.NOT_FOUND, at.key(), resource + " " + at.key() + " not found");
    }
    return row;
  }

  private static void check(Preconditions p, Current<?> cur, ObjectKey key) {
    if (p == null) {
      return;
    }
    if (p.uid() != null && !p.uid().equals(cur.uid())) {
      throw new StorageException(Reason.PRECONDITION_FAILED, key,
          "Precondition failed: UID in precondition: " + p.uid() + ", UID in object meta: " + cur.uid());
    }
    String rv = Long.toString(cur.resourceVersion());
    if (p.resourceVersion() != null && !p.resourceVersion().equals(rv)) {
      throw new StorageException(Reason.PRECONDITION_FAILED, key, "Precondition failed: ResourceVersion in "
          + "precondition: " + p.resourceVersion() + ", ResourceVersion in object meta: " + rv);
    }
  }

  /** The change-log row a write made, as the tailer would read it back (see {@link CommittedChanges}). */
  private static ChangeRow change(long rv, Location at, Type type, byte[] data, String previous) {
    return new ChangeRow(rv, at.group(), at.resource(), at.key().namespace(), at.key().name(), type.name(), data,
        previous == null ? null : previous.getBytes(StandardCharsets.UTF_8));
  }

  private static String text(StorageCodec<?>.Template encoded, long rv) {
    return new String(encoded.encode(Long.toString(rv)), StandardCharsets.UTF_8);
  }

  private H decode(String data, ObjectKey key) {
    return codec.decode(data.getBytes(StandardCharsets.UTF_8), key.namespace(), key.name());
  }
}
