package dev.customapiserver.endpoints.watch;

import dev.customapiserver.endpoints.representation.EncodedObjects;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The framed bytes of recent watch events ({@code {"type":T,"object":O}} lines or SSE events),
 * shared by every watch that sends the same event: the object's JSON is already shared
 * ({@link EncodedObjects} hands every watch of a version the same array), so a change seen by a
 * thousand watchers is framed once, not a thousand times. Keyed by that array's identity (equal
 * arrays of other encodings simply miss), the event type, the framing and the resourceVersion.
 * Bounded: the oldest entries are dropped first; a miss only costs a framing. Arrays handed out are
 * shared: callers never modify them.
 */
final class WatchFrames {
  private record Key(byte[] object, String type, boolean sse, long resourceVersion) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.object == object && k.type.equals(type) && k.sse == sse
          && k.resourceVersion == resourceVersion;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(object) * 31 + Long.hashCode(resourceVersion);
    }
  }

  private final int capacity;
  private final Map<Key, byte[]> frames = new ConcurrentHashMap<>();
  private final ArrayDeque<Key> order = new ArrayDeque<>();

  WatchFrames(int capacity) {
    this.capacity = capacity;
  }

  /** The frame of {@code type} around {@code object} at {@code rv}, from {@code frame} on the first call. */
  byte[] frame(byte[] object, String type, boolean sse, long rv, Supplier<byte[]> frame) {
    Key key = new Key(object, type, sse, rv);
    byte[] b = frames.get(key);
    if (b != null) {
      return b;
    }
    b = frame.get();
    if (frames.putIfAbsent(key, b) == null) {
      synchronized (order) {
        order.addLast(key);
        while (order.size() > capacity) {
          frames.remove(order.removeFirst());
        }
      }
    }
    return b;
  }
}
