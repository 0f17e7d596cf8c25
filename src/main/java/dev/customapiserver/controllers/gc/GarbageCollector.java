package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.controllers.Controller;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.storage.WatchEvent;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The garbage collector inside the server. It lists every resource, then watches each from the
 * list's revision, keeping a {@link Graph} of owner references; graph changes queue work for the
 * {@link Collector}. A watch that ends (410 Expired, storage trouble) is replaced by a new list and
 * watch of its resource. On start, once everything is listed, it queues whatever was pending: objects
 * whose owners are not there, owners in Foreground or Orphan deletion.
 */
public final class GarbageCollector implements Controller {
  private static final System.Logger LOG = System.getLogger(GarbageCollector.class.getName());
  private static final long RESYNC_DELAY_MILLIS = 1000;
  private final Cluster cluster;
  private final Graph graph = new Graph();
  private final WorkQueue queue;
  private final Collector collector;
  private final Map<ResourceType<?>, AutoCloseable> watches = new ConcurrentHashMap<>();
  private volatile boolean closed;

  GarbageCollector(Cluster cluster) {
    this.cluster = cluster;
    this.queue = new WorkQueue("garbage-collector", w -> collectorHandle(w));
    this.collector = new Collector(cluster, graph, queue);
  }

  /** A collector over everything {@code registry} serves. */
  public static GarbageCollector over(Registry registry) {
    return new GarbageCollector(new RegistryCluster(registry));
  }

  private void collectorHandle(WorkQueue.Work w) {
    collector.handle(w);
  }

  @Override
  public void start() {
    queue.start();
    queue.post(() -> {
      for (ResourceType<?> t : cluster.resources()) {
        sync(t, true);
      }
      for (Node n : graph.all()) {
        queuePending(n);
      }
      LOG.log(System.Logger.Level.INFO, "garbage collector started: {0} objects known, {1} items of work pending",
          graph.all().size(), queue.pendingCount());
    });
  }

  /** Lists {@code type}, brings the graph in line and watches from the list's revision. */
  private void sync(ResourceType<?> type, boolean initial) {
    if (closed) {
      return;
    }
    try {
      Cluster.Listing listing = cluster.list(type);
      Set<String> seen = new HashSet<>();
      for (KubeObject o : listing.items()) {
        seen.add(o.metadata().uid);
        observe(Node.of(type, o), !initial);
      }
      for (Node n : graph.all()) {
        if (n.type().equals(type) && !seen.contains(n.uid())) {
          observeDeleted(n);
        }
      }
      watches.put(type, cluster.watch(type, listing.revision(), events(type)));
    } catch (RuntimeException e) { // storage trouble: without a watch this resource would be forgotten, so retry
      LOG.log(System.Logger.Level.WARNING, "garbage collector: listing " + type.groupResource() + " failed, retrying: " + e);
      queue.later(() -> sync(type, false), RESYNC_DELAY_MILLIS);
    }
  }

  private Cluster.Events events(ResourceType<?> type) {
    return new Cluster.Events() {
      @Override
      public void onEvent(WatchEvent<? extends KubeObject> e) {
        if (e.object() == null) {
          return;
        }
        Node n = Node.of(type, e.object());
        queue.post(() -> {
          if (e.type() == WatchEvent.Type.DELETED) {
            observeDeleted(n);
          } else {
            observe(n, true);
          }
        });
      }

      @Override
      public void onEnd(ApiException error) {
        if (!closed && error != null) {
          LOG.log(System.Logger.Level.DEBUG, "garbage collector: watch of {0} ended ({1}), listing again", type.groupResource(),
              error.getMessage());
          queue.later(() -> sync(type, false), error.code() == 410 ? 0 : RESYNC_DELAY_MILLIS);
        }
      }
    };
  }

  /** An object was added or changed; {@code queueWork} is false while the initial lists are read. */
  private void observe(Node n, boolean queueWork) {
    Node old = graph.put(n);
    if (!queueWork) {
      return;
    }
    boolean ownersChanged = old == null || !old.owners().equals(n.owners());
    if (ownersChanged) {
      for (Node.Owner o : n.owners()) {
        Node owner = graph.get(o.uid());
        if (owner == null || owner.deletingDependents()) {
          queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, n.uid());
        }
      }
      if (old != null) {
        unblocked(old, n);
      }
    }
    if (n.deletingDependents() && (old == null || !old.deletingDependents())) {
      queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, n.uid());
      graph.dependentsOf(n.uid()).forEach(d -> queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, d.uid()));
    }
    if (n.orphaning() && (old == null || !old.orphaning())) {
      queue.add(WorkQueue.Kind.ATTEMPT_TO_ORPHAN, n.uid());
    }
  }

  /** Owners in Foreground deletion that {@code old} blocked and {@code now} no longer does: they may go on. */
  private void unblocked(Node old, Node now) {
    for (Node.Owner o : old.owners()) {
      Node owner = graph.get(o.uid());
      if (o.blocking() && !now.blocks(o.uid()) && owner != null && owner.deletingDependents()) {
        queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, owner.uid());
      }
    }
  }

  private void observeDeleted(Node n) {
    graph.remove(n.uid());
    graph.dependentsOf(n.uid()).forEach(d -> queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, d.uid()));
    for (Node.Owner o : n.owners()) {
      Node owner = graph.get(o.uid());
      if (owner != null && owner.deletingDependents()) {
        queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, owner.uid());
      }
    }
  }

  /** After the initial lists: the work a restart must not forget. */
  private void queuePending(Node n) {
    for (Node.Owner o : n.owners()) {
      Node owner = graph.get(o.uid());
      if (owner == null || owner.deletingDependents()) {
        queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, n.uid());
      }
    }
    if (n.deletingDependents()) {
      queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, n.uid());
    }
    if (n.orphaning()) {
      queue.add(WorkQueue.Kind.ATTEMPT_TO_ORPHAN, n.uid());
    }
  }

  @Override
  public void close() {
    closed = true;
    queue.close();
    for (AutoCloseable w : watches.values()) {
      try {
        w.close();
      } catch (Exception e) {
        LOG.log(System.Logger.Level.DEBUG, "closing a watch failed", e);
      }
    }
    watches.clear();
  }
}
