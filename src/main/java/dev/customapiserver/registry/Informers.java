package dev.customapiserver.registry;

import dev.customapiserver.admission.Listers;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.GroupResource;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One shared {@link Informer} per resource, made on first request and started on its first read
 * (or by {@link Informer#start()}). Reads wait for sync at most {@link #SYNC_TIMEOUT}, as
 * kube-apiserver's admission plugins wait for their informers. A cohabitant's informer is its
 * owner's (one storage, one cache).
 */
public final class Informers implements Listers, AutoCloseable {
  /** How long a read waits for its informer to sync before the request is refused. */
  public static final Duration SYNC_TIMEOUT = Duration.ofSeconds(10);

  private final Map<GroupResource, WriteTracking<?>> stores;
  private final Map<GroupResource, Class<?>> hubs;
  private final Map<GroupResource, GroupResource> owners;
  private final Map<GroupResource, StoreInformer<?>> informers = new ConcurrentHashMap<>();
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "informers");
    t.setDaemon(true);
    return t;
  });

  /** {@code owners} leads every resource to the one storing it (itself unless a cohabitant). */
  Informers(Map<GroupResource, WriteTracking<?>> stores, Map<GroupResource, Class<?>> hubs,
      Map<GroupResource, GroupResource> owners) {
    this.stores = new ConcurrentHashMap<>(stores);
    this.hubs = new ConcurrentHashMap<>(hubs);
    this.owners = Map.copyOf(owners);
  }

  @Override
  public <H extends KubeObject> Informer<H> forResource(GroupResource resource, Class<H> hub) {
    Class<?> registered = hubs.get(resource);
    if (registered == null) {
      throw new IllegalArgumentException(resource + " is not registered");
    }
    if (!registered.equals(hub)) {
      throw new IllegalArgumentException("the hub type of " + resource + " is " + registered.getName() + ", not " + hub.getName());
    }
    @SuppressWarnings("unchecked")
    StoreInformer<H> i = (StoreInformer<H>) informers.computeIfAbsent(owners.getOrDefault(resource, resource),
        r -> newInformer(r));
    return i;
  }

  @SuppressWarnings("unchecked")
  private <H extends KubeObject> StoreInformer<H> newInformer(GroupResource r) {
    return new StoreInformer<>(r, (WriteTracking<H>) stores.get(r), executor, SYNC_TIMEOUT);
  }

  /** Adds (or replaces) a resource defined at run time; a replaced one's informer is closed. */
  void register(GroupResource resource, WriteTracking<?> store, Class<?> hub) {
    stores.put(resource, store);
    hubs.put(resource, hub);
    StoreInformer<?> old = informers.remove(resource);
    if (old != null) {
      old.close();
    }
  }

  /** Removes a resource defined at run time, closing its informer. */
  void unregister(GroupResource resource) {
    stores.remove(resource);
    hubs.remove(resource);
    StoreInformer<?> old = informers.remove(resource);
    if (old != null) {
      old.close();
    }
  }

  @Override
  public void close() {
    informers.values().forEach(StoreInformer::close);
    executor.shutdownNow();
  }
}
