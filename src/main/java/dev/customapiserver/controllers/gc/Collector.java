package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.ResourceType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The collector's decisions about one object, as kube-controller-manager's attemptToDeleteItem and
 * attemptToOrphan: each reads the object and its owners live, so a stale graph only delays work.
 */
final class Collector {
  private static final System.Logger LOG = System.getLogger(Collector.class.getName());
  private final Cluster cluster;
  private final Graph graph;
  private final WorkQueue queue;

  Collector(Cluster cluster, Graph graph, WorkQueue queue) {
    this.cluster = cluster;
    this.graph = graph;
    this.queue = queue;
  }

  void handle(WorkQueue.Work w) {
    switch (w.kind()) {
      case ATTEMPT_TO_DELETE -> attemptToDelete(w.uid());
      case ATTEMPT_TO_ORPHAN -> attemptToOrphan(w.uid());
    }
  }

  private enum OwnerState { SOLID, DANGLING, WAITING_FOR_DEPENDENTS, UNRESOLVABLE }

  /** Deletes the object when none of its owners exists any more, or helps a Foreground deletion along. */
  void attemptToDelete(String uid) {
    Optional<Node> live = live(uid);
    if (live.isEmpty()) {
      return;
    }
    Node item = live.get();
    if (item.deletingDependents()) {
      processDeletingDependents(item);
      return;
    }
    if (item.deleting() || item.owners().isEmpty()) {
      return;
    }
    List<Node.Owner> solid = new ArrayList<>();
    List<Node.Owner> gone = new ArrayList<>();
    List<Node.Owner> waiting = new ArrayList<>();
    for (Node.Owner o : item.owners()) {
      switch (stateOf(item, o)) {
        case SOLID, UNRESOLVABLE -> solid.add(o);
        case DANGLING -> gone.add(o);
        case WAITING_FOR_DEPENDENTS -> waiting.add(o);
      }
    }
    if (!solid.isEmpty()) {
      if (!gone.isEmpty() || !waiting.isEmpty()) {
        Set<String> drop = new HashSet<>();
        gone.forEach(o -> drop.add(o.uid()));
        waiting.forEach(o -> drop.add(o.uid()));
        LOG.log(System.Logger.Level.DEBUG, "{0} keeps an owner; dropping references to {1}", item.describe(), drop);
        cluster.editMetadata(item.type(), item.namespace(), item.name(), item.uid(), m -> {
          m.ownerReferences = m.ownerReferences.stream().filter(r -> !drop.contains(r.uid)).collect(Collectors.toList());
          if (m.ownerReferences.isEmpty()) {
            m.ownerReferences = null;
          }
        });
      }
      return;
    }
    String policy;
    if (!waiting.isEmpty() && !graph.dependentsOf(item.uid()).isEmpty()) {
      policy = "Foreground"; // its own dependents go first, so the owner's wait holds
    } else if (item.finalizers().contains(Node.ORPHAN)) {
      policy = "Orphan";
    } else if (item.finalizers().contains(Node.FOREGROUND)) {
      policy = "Foreground";
    } else {
      policy = "Background";
    }
    LOG.log(System.Logger.Level.DEBUG, "deleting {0} ({1}): no owner left", item.describe(), policy);
    cluster.delete(item.type(), item.namespace(), item.name(), item.uid(), policy);
  }

  /** An owner in Foreground deletion: removes its finalizer once no blocking dependent is left. */
  private void processDeletingDependents(Node owner) {
    List<Node> blocking = graph.dependentsOf(owner.uid()).stream().filter(d -> d.blocks(owner.uid())).toList();
    if (blocking.isEmpty()) {
      LOG.log(System.Logger.Level.DEBUG, "{0}: no blocking dependents left, removing foregroundDeletion", owner.describe());
      cluster.editMetadata(owner.type(), owner.namespace(), owner.name(), owner.uid(), m -> {
        if (m.finalizers != null) {
          m.finalizers = new ArrayList<>(m.finalizers);
          m.finalizers.remove(Node.FOREGROUND);
        }
      });
      return;
    }
    for (Node d : blocking) {
      if (!d.deletingDependents()) {
        queue.add(WorkQueue.Kind.ATTEMPT_TO_DELETE, d.uid());
      }
    }
  }

  /** An owner deleted with Orphan: its dependents lose their reference to it, then the orphan finalizer goes. */
  void attemptToOrphan(String uid) {
    Optional<Node> live = live(uid);
    if (live.isEmpty() || !live.get().orphaning()) {
      return;
    }
    Node owner = live.get();
    for (Node d : graph.dependentsOf(uid)) {
      try {
        cluster.editMetadata(d.type(), d.namespace(), d.name(), d.uid(), m -> {
          if (m.ownerReferences != null) {
            m.ownerReferences = m.ownerReferences.stream().filter(r -> !uid.equals(r.uid)).collect(Collectors.toList());
            if (m.ownerReferences.isEmpty()) {
              m.ownerReferences = null;
            }
          }
        });
      } catch (ApiException e) {
        if (e.code() != 404 && e.code() != 409) {
          throw e;
        }
      }
    }
    LOG.log(System.Logger.Level.DEBUG, "{0}: dependents orphaned, removing the orphan finalizer", owner.describe());
    cluster.editMetadata(owner.type(), owner.namespace(), owner.name(), owner.uid(), m -> {
      if (m.finalizers != null) {
        m.finalizers = new ArrayList<>(m.finalizers);
        m.finalizers.remove(Node.ORPHAN);
      }
    });
  }

  private OwnerState stateOf(Node dependent, Node.Owner o) {
    Optional<ResourceType<?>> type = cluster.resolve(o.apiVersion(), o.kind());
    if (type.isEmpty() || o.uid() == null) {
      return OwnerState.UNRESOLVABLE;
    }
    String namespace = "";
    if (type.get().namespaced()) {
      if (dependent.namespace().isEmpty()) {
        return OwnerState.UNRESOLVABLE; // a cluster-scoped dependent cannot have a namespaced owner
      }
      namespace = dependent.namespace();
    }
    Optional<KubeObject> owner = cluster.get(type.get(), namespace, o.name());
    if (owner.isEmpty() || !o.uid().equals(owner.get().metadata().uid)) {
      return OwnerState.DANGLING;
    }
    return Node.of(type.get(), owner.get()).deletingDependents() ? OwnerState.WAITING_FOR_DEPENDENTS : OwnerState.SOLID;
  }

  /** The current state of the object the graph knows as {@code uid}, if it still exists with that uid. */
  private Optional<Node> live(String uid) {
    Node known = graph.get(uid);
    if (known == null) {
      return Optional.empty();
    }
    return cluster.get(known.type(), known.namespace(), known.name())
        .filter(o -> uid.equals(o.metadata().uid))
        .map(o -> Node.of(known.type(), o));
  }
}
