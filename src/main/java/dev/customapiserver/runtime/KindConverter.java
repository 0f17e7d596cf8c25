package dev.customapiserver.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Converts one served version of a kind to and from its hub type. Both directions must be lossless
 * in round trips: a version that cannot hold a hub field carries it in an annotation.
 * Implementations must not mutate their argument (copy the metadata they change).
 *
 * @param <H> the hub type
 * @param <V> the versioned type
 */
public interface KindConverter<H, V> {
  H toHub(V versioned);

  V fromHub(H hub);

  /**
   * Several hub objects (a list's items) in this version, in order. One at a time unless the
   * converter can do better (a conversion webhook converts a list in one review).
   */
  default List<V> fromHubs(List<H> hubs) {
    List<V> out = new ArrayList<>(hubs.size());
    for (H h : hubs) {
      out.add(fromHub(h));
    }
    return out;
  }
}
