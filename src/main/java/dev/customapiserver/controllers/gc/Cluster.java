package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.storage.WatchEvent;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What the collector reads and writes, for every resource: the seam between it and the registry
 * (a watch-cache lister can stand in for reads later). Failures are {@link ApiException}s.
 */
interface Cluster {

  /** Every registered resource. */
  List<ResourceType<?>> resources();

  /** The resource of an owner reference's {@code apiVersion} and {@code kind}, if registered. */
  Optional<ResourceType<?>> resolve(String apiVersion, String kind);

  /** Every object of {@code type}, with the revision of the list. */
  Listing list(ResourceType<?> type);

  /** Watches every object of {@code type} after {@code revision}; close the result to stop. */
  AutoCloseable watch(ResourceType<?> type, long revision, Events events);

  /** The current object ({@code namespace} is empty for cluster-scoped types). */
  Optional<KubeObject> get(ResourceType<?> type, String namespace, String name);

  /** Edits the metadata of the object if its uid is {@code uid} (else 409 Conflict); a no-op edit writes nothing. */
  void editMetadata(ResourceType<?> type, String namespace, String name, String uid, Consumer<ObjectMeta> edit);

  /** Deletes the object with uid precondition {@code uid} and the propagation policy given. */
  void delete(ResourceType<?> type, String namespace, String name, String uid, String propagationPolicy);

  /** A list of objects and the revision it reflects. */
  record Listing(List<? extends KubeObject> items, long revision) {}

  /** Receives a watch's events, one at a time, from another thread; must not block. */
  interface Events {
    void onEvent(WatchEvent<? extends KubeObject> event);

    /** The watch ended; {@code error} is null when it was closed by its owner. */
    void onEnd(ApiException error);
  }
}
