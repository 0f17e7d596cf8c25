package dev.customapiserver.runtime;

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
}
