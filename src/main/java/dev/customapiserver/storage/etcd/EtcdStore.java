package dev.customapiserver.storage.etcd;

import dev.customapiserver.api.meta.KubeObject;
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
import dev.customapiserver.storage.kv.ContinueToken;
import dev.customapiserver.storage.kv.ListRevision;
import dev.customapiserver.storage.kv.PreconditionCheck;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The objects of one resource in etcd. Writes are transactions on the key's version (create) or
 * mod revision (update, delete), retried with a fresh read when another writer came first.
 */
final class EtcdStore<H extends KubeObject> implements ResourceStore<H> {
  /** Keys read per range request while filling a page. */
  private static final int BATCH = 500;
  /** How many objects past a full page a list decodes to count the rest exactly. */
  private static final int COUNT_AHEAD = 1000;

  private final EtcdStorageBackend backend;
  private final KV kv;
  private final EtcdCalls calls;
  private final EtcdKeys keys;
  private final StorageCodec<H> codec;

  EtcdStore(EtcdStorageBackend backend, EtcdKeys keys, StorageCodec<H> codec) {
    this.backend = backend;
    this.kv = backend.client().getKVClient();
    this.calls = backend.calls();
    this.keys = keys;
    this.codec = codec;
  }

  @Override
  public H create(ObjectKey key, H obj) {
    H copy = codec.copy(obj);
    ByteSequence k = keys.key(key);
    TxnResponse r = calls.await(kv.txn()
        .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.version(0)))
        .Then(Op.put(k, ByteSequence.from(encode(copy)), PutOption.DEFAULT))
        .commit());
    if (!r.isSucceeded()) {
      throw new StorageException(Reason.ALREADY_EXISTS, key, key + " already exists");
    }
    copy.metadata().resourceVersion = Long.toString(r.getHeader().getRevision());
    return copy;
  }

  @Override
  public H get(ObjectKey key) {
    KeyValue cur = current(key);
    return decode(key, cur);
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    KeyValue cur = current(key);
    while (true) {
      H obj = decode(key, cur);
      PreconditionCheck.check(preconditions, key, obj.metadata().uid, cur.getModRevision());
      H result = Objects.requireNonNull(update.apply(obj), "update function returned null");
      byte[] data = encode(result);
      if (Arrays.equals(data, cur.getValue().getBytes())) {
        result.metadata().resourceVersion = Long.toString(cur.getModRevision());
        return result;
      }
      ByteSequence k = keys.key(key);
      TxnResponse r = calls.await(kv.txn()
          .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(cur.getModRevision())))
          .Then(Op.put(k, ByteSequence.from(data), PutOption.DEFAULT))
          .Else(Op.get(k, GetOption.DEFAULT))
          .commit());
      if (r.isSucceeded()) {
        result.metadata().resourceVersion = Long.toString(r.getHeader().getRevision());
        return result;
      }
      cur = found(key, r.getGetResponses().get(0));
    }
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    KeyValue cur = current(key);
    while (true) {
      H last = decode(key, cur);
      PreconditionCheck.check(preconditions, key, last.metadata().uid, cur.getModRevision());
      ByteSequence k = keys.key(key);
      TxnResponse r = calls.await(kv.txn()
          .If(new Cmp(k, Cmp.Op.EQUAL, CmpTarget.modRevision(cur.getModRevision())))
          .Then(Op.delete(k, DeleteOption.DEFAULT))
          .Else(Op.get(k, GetOption.DEFAULT))
          .commit());
      if (r.isSucceeded()) {
        last.metadata().resourceVersion = Long.toString(r.getHeader().getRevision());
        return last;
      }
      cur = found(key, r.getGetResponses().get(0));
    }
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    String token = request.continueToken();
    long at;
    ByteSequence start;
    if (token != null && !token.isEmpty()) {
      ContinueToken t = ContinueToken.decode(token, request.namespace(), request.resourceVersion());
      at = t.resourceVersion();
      start = keys.after(new ObjectKey(t.namespace(), t.name()));
      try {
        return page(request, start, at);
      } catch (StorageException e) {
        if (e.reason() != Reason.EXPIRED) {
          throw e;
        }
        throw t.expired(backend.currentRevision());
      }
    }
    at = ListRevision.readAt(request.resourceVersion(), request.match(), backend.currentRevision(), 0);
    return page(request, keys.prefix(request.namespace()), at);
  }

  private ListPage<H> page(ListRequest<H> request, ByteSequence start, long at) {
    Predicate<H> filter = request.filter() == null ? h -> true : request.filter();
    long limit = request.limit() > 0 ? request.limit() : Long.MAX_VALUE;
    ByteSequence end = EtcdKeys.rangeEnd(keys.prefix(request.namespace()));
    List<H> items = new ArrayList<>();
    long more = 0;
    long lookedAhead = 0;
    boolean counted = true;
    ByteSequence from = start;
    scan:
    while (true) {
      GetResponse r = calls.await(kv.get(from, GetOption.builder().withRange(end).withRevision(at)
          .withLimit(BATCH).withSortField(GetOption.SortTarget.KEY).withSortOrder(GetOption.SortOrder.ASCEND).build()));
      for (KeyValue e : r.getKvs()) {
        H obj = decode(keys.parse(e.getKey()), e);
        if (items.size() < limit) {
          if (filter.test(obj)) {
            items.add(obj);
          }
          continue;
        }
        if (lookedAhead++ >= COUNT_AHEAD && more > 0) {
          counted = false;
          break scan;
        }
        if (filter.test(obj)) {
          more++;
        }
      }
      if (!r.isMore() || r.getKvs().isEmpty()) {
        break;
      }
      from = r.getKvs().get(r.getKvs().size() - 1).getKey().concat(ByteSequence.from(new byte[] {0}));
    }
    return ContinueToken.page(items, at, more, counted);
  }

  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    Long from = ListRevision.watchFrom(request.resourceVersion());
    if (from != null && from > 0 && from < backend.currentRevision()) {
      // etcd answers a read below its compaction revision with "compacted": EXPIRED before any event
      calls.await(kv.get(keys.prefix(null), GetOption.builder().withRevision(from).withCountOnly(true).build()));
    }
    return new EtcdWatch<>(backend, keys, request, listener, this::decode, from).start();
  }

  private KeyValue current(ObjectKey key) {
    return found(key, calls.await(kv.get(keys.key(key))));
  }

  private static KeyValue found(ObjectKey key, GetResponse r) {
    if (r.getKvs().isEmpty()) {
      throw new StorageException(Reason.NOT_FOUND, key, key + " not found");
    }
    return r.getKvs().get(0);
  }

  private byte[] encode(H obj) {
    String rv = obj.metadata().resourceVersion;
    obj.metadata().resourceVersion = null;
    try {
      return codec.encode(obj);
    } finally {
      obj.metadata().resourceVersion = rv;
    }
  }

  private H decode(ObjectKey key, KeyValue kv) {
    return decode(key.namespace(), key.name(), kv.getValue().getBytes(), kv.getModRevision());
  }

  H decode(String namespace, String name, byte[] data, long rv) {
    H obj = codec.decode(data, namespace, name);
    obj.metadata().resourceVersion = Long.toString(rv);
    return obj;
  }
}
