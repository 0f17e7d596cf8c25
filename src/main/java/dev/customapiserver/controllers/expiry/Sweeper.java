package dev.customapiserver.controllers.expiry;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Informer;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Expires one kind's objects. The kind's informer hands over every object as it is listed or
 * written; each gets a deadline: its time to live after the write seen (after its last recorded
 * write, creation or managedFields time, for one first met in a list). A sweep deletes what is due
 * with the uid and resourceVersion it was seen at as preconditions, so a write racing the sweep
 * wins and earns a new deadline.
 */
final class Sweeper<H extends KubeObject> {
  private static final Logger LOG = Logger.getLogger(Sweeper.class.getName());

  /** What was last seen of an object: the version its deadline counts from. */
  private record Seen(String namespace, String name, String uid, String resourceVersion, Instant deadline) {}

  private final GenericStore<H> store;
  private final Informer<H> informer;
  private final Duration ttl;
  private final Clock clock;
  private final Map<String, Seen> seen = new ConcurrentHashMap<>();

  private Sweeper(GenericStore<H> store, Informer<H> informer, Duration ttl, Clock clock) {
    this.store = store;
    this.informer = informer;
    this.ttl = ttl;
    this.clock = clock;
  }

  static <H extends KubeObject> Sweeper<H> of(Registry registry, ResourceType<H> type, Duration ttl, Clock clock) {
    return new Sweeper<>(registry.store(type), registry.informers().forResource(type.groupResource(), type.hubType()),
        ttl, clock);
  }

  GroupResource resource() {
    return store.type().groupResource();
  }

  Duration ttl() {
    return ttl;
  }

  void start() {
    informer.onChange(this::written);
    informer.start();
  }

  private void written(H obj) {
    ObjectMeta m = obj.metadata();
    String key = m.namespace + "/" + m.name;
    seen.compute(key, (k, before) -> {
      if (before != null && before.resourceVersion().equals(m.resourceVersion)) {
        return before;
      }
      Instant written = before == null ? lastWrite(m) : clock.instant();
      return new Seen(m.namespace, m.name, m.uid, m.resourceVersion, written.plus(ttl));
    });
  }

  /** The latest time the metadata records a write at (creation, managedFields); now if none. */
  private Instant lastWrite(ObjectMeta m) {
    Instant t = m.creationTimestamp;
    if (m.managedFields != null) {
      for (ManagedFieldsEntry e : m.managedFields) {
        if (e.time != null && (t == null || e.time.isAfter(t))) {
          t = e.time;
        }
      }
    }
    return t == null ? clock.instant() : t;
  }

  /** Deletes every object whose deadline has passed. */
  void sweep() {
    Instant now = clock.instant();
    for (Map.Entry<String, Seen> e : seen.entrySet()) {
      Seen s = e.getValue();
      if (s.deadline().isAfter(now)) {
        continue;
      }
      try {
        DeleteOptions opts = new DeleteOptions();
        opts.preconditions = new DeleteOptions.Preconditions(s.uid(), s.resourceVersion());
        store.delete(new RegistryContext(s.namespace(), Expiry.USER), s.name(), opts);
        seen.remove(e.getKey(), s);
      } catch (ApiException ex) {
        if (ex.code() == 404 || ex.code() == 409) {
          seen.remove(e.getKey(), s); // gone, or written since: a newer version brings a new deadline
        } else {
          LOG.log(Level.WARNING, "expiring " + resource() + " " + e.getKey() + " failed, retrying: " + ex.getMessage());
        }
      } catch (RuntimeException ex) {
        LOG.log(Level.WARNING, "expiring " + resource() + " " + e.getKey() + " failed, retrying", ex);
      }
    }
  }
}
