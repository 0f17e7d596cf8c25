package dev.customapiserver.metrics;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.storage.ForwardingResourceStore;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.Preconditions;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.UpdateFunction;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.datapoints.GaugeDataPoint;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One resource's store, timed per operation, its watches counted (see {@link MeteredStorageBackend}).
 * An update or delete is timed as one whether or not it comes with a suggestion.
 */
final class MeteredResourceStore<H extends KubeObject> extends ForwardingResourceStore<H> {
  private final DistributionDataPoint create;
  private final DistributionDataPoint get;
  private final DistributionDataPoint list;
  private final DistributionDataPoint update;
  private final DistributionDataPoint delete;
  private final DistributionDataPoint watch;
  private final GaugeDataPoint watchers;

  MeteredResourceStore(ResourceStore<H> inner, GroupResource resource, ResourceType<H> type, ApiServerMetrics metrics) {
    super(inner);
    String t = resource.toString();
    create = metrics.storageDuration.labelValues("create", t);
    get = metrics.storageDuration.labelValues("get", t);
    list = metrics.storageDuration.labelValues("list", t);
    update = metrics.storageDuration.labelValues("update", t);
    delete = metrics.storageDuration.labelValues("delete", t);
    watch = metrics.storageDuration.labelValues("watch", t);
    watchers = metrics.registeredWatchers.labelValues(type.group(), type.storageVersion(), type.kind());
  }

  @Override
  public H create(ObjectKey key, H obj) {
    return timed(create, () -> delegate().create(key, obj));
  }

  @Override
  public H get(ObjectKey key) {
    return timed(get, () -> delegate().get(key));
  }

  @Override
  public ListPage<H> list(ListRequest<H> request) {
    return timed(list, () -> delegate().list(request));
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update) {
    return timed(this.update, () -> delegate().guaranteedUpdate(key, preconditions, update));
  }

  @Override
  public H guaranteedUpdate(ObjectKey key, Preconditions preconditions, UpdateFunction<H> update, H suggestion) {
    return timed(this.update, () -> delegate().guaranteedUpdate(key, preconditions, update, suggestion));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions) {
    return timed(delete, () -> delegate().delete(key, preconditions));
  }

  @Override
  public H delete(ObjectKey key, Preconditions preconditions, H suggestion) {
    return timed(delete, () -> delegate().delete(key, preconditions, suggestion));
  }

  @Override
  public Watch watch(WatchRequest<H> request, WatchListener<H> listener) {
    AtomicBoolean open = new AtomicBoolean(true);
    Watch w = timed(watch, () -> delegate().watch(request, new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<H> event) {
        listener.onEvent(event);
      }

      @Override
      public void onClose(StorageException reason) {
        if (open.compareAndSet(true, false)) {
          watchers.dec();
        }
        listener.onClose(reason);
      }
    }));
    watchers.inc();
    return () -> {
      if (open.compareAndSet(true, false)) {
        watchers.dec();
      }
      w.close();
    };
  }

  /** How many objects are stored, if the store can say cheaply (a one-item page reports the rest). */
  Optional<Long> count() {
    try {
      ListPage<H> page = delegate().list(new ListRequest<>(null, h -> true, 1, null, null, ResourceVersionMatch.UNSET));
      if (page.continueToken() == null) {
        return Optional.of((long) page.items().size());
      }
      return Optional.ofNullable(page.remainingItemCount()).map(n -> n + page.items().size());
    } catch (RuntimeException e) {
      return Optional.empty(); // the store is unavailable; the gauge just misses this scrape
    }
  }

  private static <T> T timed(DistributionDataPoint histogram, Supplier<T> call) {
    long start = System.nanoTime();
    try {
      return call.get();
    } finally {
      histogram.observe((System.nanoTime() - start) / 1e9);
    }
  }
}
