package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.OwnerReference;
import dev.customapiserver.runtime.ResourceType;
import java.util.List;
import java.util.Objects;

/**
 * What the collector knows of one object: where it is, its owners and whether it is being deleted.
 *
 * @param namespace empty for cluster-scoped objects
 */
record Node(ResourceType<?> type, String namespace, String name, String uid, List<Owner> owners, boolean deleting,
    List<String> finalizers) {
  static final String ORPHAN = "orphan";
  static final String FOREGROUND = "foregroundDeletion";

  /** One owner reference. */
  record Owner(String apiVersion, String kind, String name, String uid, boolean blocking) {}

  static Node of(ResourceType<?> type, KubeObject obj) {
    ObjectMeta m = obj.metadata();
    List<OwnerReference> refs = m.ownerReferences == null ? List.of() : m.ownerReferences;
    return new Node(type, Objects.toString(m.namespace, ""), m.name, m.uid,
        refs.stream().map(r -> new Owner(r.apiVersion, r.kind, r.name, r.uid, Boolean.TRUE.equals(r.blockOwnerDeletion))).toList(),
        m.deletionTimestamp != null, m.finalizers == null ? List.of() : List.copyOf(m.finalizers));
  }

  /** Being deleted in Foreground: waits for its blocking dependents. */
  boolean deletingDependents() {
    return deleting && finalizers.contains(FOREGROUND);
  }

  /** Being deleted with Orphan: waits for its dependents to lose their reference to it. */
  boolean orphaning() {
    return deleting && finalizers.contains(ORPHAN);
  }

  /** Whether this object blocks the deletion of the owner with {@code ownerUid}. */
  boolean blocks(String ownerUid) {
    return owners.stream().anyMatch(o -> o.uid().equals(ownerUid) && o.blocking());
  }

  String describe() {
    return type.groupResource() + " " + (namespace.isEmpty() ? "" : namespace + "/") + name + " (" + uid + ")";
  }
}
