package dev.customapiserver.controllers.gc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every object the collector has seen, by uid, with the index from an owner's uid to its
 * dependents (also for owners it has not seen: they may be gone). Used by one thread only.
 */
final class Graph {
  private final Map<String, Node> nodes = new HashMap<>();
  private final Map<String, Set<String>> dependents = new HashMap<>();

  Node get(String uid) {
    return nodes.get(uid);
  }

  boolean contains(String uid) {
    return nodes.containsKey(uid);
  }

  /** Adds or replaces the node; returns the one replaced, or null. */
  Node put(Node n) {
    Node old = nodes.put(n.uid(), n);
    if (old != null) {
      unindex(old);
    }
    for (Node.Owner o : n.owners()) {
      if (o.uid() != null) {
        dependents.computeIfAbsent(o.uid(), k -> new LinkedHashSet<>()).add(n.uid());
      }
    }
    return old;
  }

  /** Removes the node; returns it, or null. */
  Node remove(String uid) {
    Node old = nodes.remove(uid);
    if (old != null) {
      unindex(old);
    }
    return old;
  }

  /** The dependents seen of the owner with {@code uid}. */
  List<Node> dependentsOf(String uid) {
    List<Node> out = new ArrayList<>();
    for (String d : dependents.getOrDefault(uid, Set.of())) {
      Node n = nodes.get(d);
      if (n != null) {
        out.add(n);
      }
    }
    return out;
  }

  List<Node> all() {
    return new ArrayList<>(nodes.values());
  }

  private void unindex(Node n) {
    for (Node.Owner o : n.owners()) {
      Set<String> s = dependents.get(o.uid());
      if (s != null) {
        s.remove(n.uid());
        if (s.isEmpty()) {
          dependents.remove(o.uid());
        }
      }
    }
  }
}
