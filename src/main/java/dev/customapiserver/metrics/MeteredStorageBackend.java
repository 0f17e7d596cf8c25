package dev.customapiserver.metrics;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ForwardingStorageBackend;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageBackend;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A decorator of the storage contract that measures it: {@code etcd_request_duration_seconds}
 * per operation and resource, {@code apiserver_registered_watchers} per group, version and kind
 * (the watch events are counted where they are sent to clients, {@link ApiServerMetrics#watchEventSent}),
 * and {@code apiserver_storage_objects} counted (one page of one item, which reports the remaining
 * count) at each scrape. Everything else is passed through unchanged.
 */
public final class MeteredStorageBackend extends ForwardingStorageBackend {
  private final ApiServerMetrics metrics;
  private final Map<GroupResource, MeteredResourceStore<?>> stores = new ConcurrentHashMap<>();

  public MeteredStorageBackend(StorageBackend inner, ApiServerMetrics metrics) {
    super(inner);
    this.metrics = metrics;
    metrics.storageObjects(this::objectCounts);
  }

  @Override
  public <H extends KubeObject> ResourceStore<H> forResource(GroupResource resource, StorageCodec<H> codec) {
    MeteredResourceStore<H> store = new MeteredResourceStore<>(delegate().forResource(resource, codec), resource,
        codec.type(), metrics);
    stores.putIfAbsent(resource, store);
    return store;
  }

  private Map<String, Long> objectCounts() {
    Map<String, Long> counts = new TreeMap<>();
    stores.forEach((resource, store) -> store.count().ifPresent(n -> counts.put(resource.toString(), n)));
    return counts;
  }
}
