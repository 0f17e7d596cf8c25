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
    return db.writeGrouped(key, em -> {
      // an existing name is an expected answer (409), not a failed insert the JPA provider logs with
      // its stack trace at WARNING; the unique key still decides a race between two servers
      if (em.find(StoredObject.class, new StoredObject.Key(at)) != null) {
        throw new StorageException(Reason.ALREADY_EXISTS, key, "object exists already: " + key, null);
      }
      long rv = revisions.next(em);
      copy.metadata().resourceVersion = Long.toString(rv);
      byte[] bytes = encoded.encode(Long.toString(rv));
      String data = new String(bytes, StandardCharsets.UTF_8);
      em.persist(new StoredObject(at, copy.metadata().uid, rv, data));
      em.persist(new ChangeRecord(rv, at, Type.ADDED, null, data));
      em.flush();
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
    Location at = new Location(resource, key);
    while (true) {
      StoredObject cur = current(at);
      check(preconditions, cur, key);
      H result = Objects.requireNonNull(update.apply(decode(cur.data, key)), "update function returned null");
      result.metadata().resourceVersion = Long.toString(cur.resourceVersion);
      StorageCodec<H>.Template encoded = codec.template(result);
      if (text(encoded, cur.resourceVersion).equals(cur.data)) {
        return result;
      }
      Long written = db.writeGrouped(key, em -> {
        long rv = revisions.next(em);
        result.metadata().resourceVersion = Long.toString(rv);
        byte[] bytes = encoded.encode(Long.toString(rv));
        String data = new String(bytes, StandardCharsets.UTF_8);
        int swapped = em.createQuery("UPDATE StoredObject o SET o.data = :data, o.uid = :uid, "
                + "o.resourceVersion = :rv WHERE o.apiGroup = :g AND o.resource = :r "
                + "AND o.namespace = :ns AND o.name = :n AND o.resourceVersion = :old")
            .setParameter("data", data).setParameter("uid", result.metadata().uid).setParameter("rv", rv)
            .setParameter("g", at.group()).setParameter("r", at.resource())
            .setParameter("ns", key.namespace()).setParameter("n", key.name())
            .setParameter("old", cur.resourceVersion)
            .executeUpdate();
        if (swapped == 0) {
          revisions.giveBack(em);
          return null; // another writer changed or deleted it since we read it: roll back, retry
        }
        em.persist(new ChangeRecord(rv, at, Type.MODIFIED, cur.resourceVersion, data));
        return new Database.Written<>(rv, change(rv, at, Type.MODIFIED, bytes, cur.data));
      });
      if (written != null) {
        return result;
      }
    }
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    Location at = new Location(resource, key);
    while (true) {
      StoredObject cur = current(at);
      check(preconditions, cur, key);
      H last = decode(cur.data, key);
      StorageCodec<H>.Template encoded = codec.template(last);
      H deleted = db.writeGrouped(key, em -> {
        long rv = revisions.next(em);
        int removed = em.createQuery("DELETE FROM StoredObject o WHERE o.apiGroup = :g AND o.resource = :r "
                + "AND o.namespace = :ns AND o.name = :n AND o.resourceVersion = :old")
            .setParameter("g", at.group()).setParameter("r", at.resource())
            .setParameter("ns", key.namespace()).setParameter("n", key.name())
            .setParameter("old", cur.resourceVersion)
            .executeUpdate();
        if (removed == 0) {
          revisions.giveBack(em);
          return null; // changed or deleted since we read it: roll back, retry
        }
        last.metadata().resourceVersion = Long.toString(rv);
        byte[] bytes = encoded.encode(Long.toString(rv));
        em.persist(new ChangeRecord(rv, at, Type.DELETED, cur.resourceVersion,
            new String(bytes, StandardCharsets.UTF_8)));
        return new Database.Written<>(last, change(rv, at, Type.DELETED, bytes, cur.data));
      });
      if (deleted != null) {
        return deleted;
      }
    }
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

  private static void check(Preconditions p, StoredObject cur, ObjectKey key) {
    if (p == null) {
      return;
    }
    if (p.uid() != null && !p.uid().equals(cur.uid)) {
      throw new StorageException(Reason.PRECONDITION_FAILED, key,
          "Precondition failed: UID in precondition: " + p.uid() + ", UID in object meta: " + cur.uid);
    }
    String rv = Long.toString(cur.resourceVersion);
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
