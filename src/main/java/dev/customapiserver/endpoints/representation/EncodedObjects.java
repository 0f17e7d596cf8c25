package dev.customapiserver.endpoints.representation;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The JSON of recently streamed objects of one resource in one version, shared by every watch of
 * that version: a change seen by a thousand watchers is converted and encoded once, not a thousand
 * times. An object state is named by namespace, name, uid and resourceVersion (every write gives a
 * new resourceVersion, a deletion included) and whether it is a DELETED event's: an object leaving a
 * watch's selection is sent, as kube sends it, in its previous state with the resourceVersion of
 * the change, which a MODIFIED of another watch sends in its new state. So equal keys have equal
 * bytes. Bounded: the oldest entries are dropped first; a miss only costs an encoding.
 */
public final class EncodedObjects {
  private record Key(String namespace, String name, String uid, String resourceVersion, boolean deleted) {}

  private final int capacity;
  private final Map<Key, byte[]> bytes = new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();

  EncodedObjects(int capacity) {
    this.capacity = capacity;
  }

  /** The bytes of {@code object} ({@code deleted}: a DELETED event's), from {@code encode} on the first call for its state. */
  public <O extends KubeObject> byte[] json(O object, boolean deleted, Function<O, byte[]> encode) {
    ObjectMeta m = object.metadata();
    if (m == null || m.resourceVersion == null || m.resourceVersion.isEmpty()) {
      return encode.apply(object);
    }
    Key key = new Key(m.namespace, m.name, m.uid, m.resourceVersion, deleted);
    byte[] b = bytes.get(key);
    if (b != null) {
      return b;
    }
    b = encode.apply(object);
    if (bytes.putIfAbsent(key, b) == null) {
      synchronized (order) {
        order.addLast(key);
        while (order.size() > capacity) {
          bytes.remove(order.removeFirst());
        }
      }
    }
    return b;
  }
}
