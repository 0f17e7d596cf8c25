package dev.customapiserver.runtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The registered API groups, looked up by name, resource and kind. One instance per server (never a
 * static), built from whatever group modules the server was given: the <em>built-in</em> groups,
 * fixed for the server's life.
 *
 * <p><b>Groups defined at run time.</b> Groups of custom resources (CustomResourceDefinitions) come
 * and go while the server runs: {@link #put} adds or replaces such a group, {@link #remove} drops
 * it. The groups are an immutable snapshot swapped atomically, so every lookup sees one consistent
 * set under concurrent requests, and {@link #generation()} counts the changes (what discovery's
 * ETags and caches follow). A built-in group can never be replaced or removed.
 *
 * <p>Cohabitants (resources {@link ResourceType.Builder#storedAs stored as} another group's
 * resource) are checked here, at start: the owner must be registered, own its storage, and have the
 * same hub type and scope. {@link #resources()} lists the resources that own storage (what
 * controllers walk, so an object is seen once); {@link #servedResources()} adds the cohabitants
 * (what routes are made for); {@link #owner} leads from either to the one that stores it.
 */
public final class Scheme {
  // the core group first, then groups serving cohabitants after those owning storage (as kube-apiserver's
  // priorities listed apps before extensions, so kubectl's plain "deployments" meant apps), then built-in
  // groups before those defined at run time, then by name
  private final Comparator<ApiGroup> order = Comparator.comparing((ApiGroup g) -> !g.name().isEmpty())
      .thenComparing(g -> g.resources().stream().anyMatch(r -> r.storedAs().isPresent()))
      .thenComparing(g -> !builtIn(g.name()))
      .thenComparing(ApiGroup::name);
  private final Set<String> builtIn;
  private final AtomicReference<Snapshot> current;

  /** One consistent set of groups, in order, and how many changes led to it. */
  private record Snapshot(long generation, Map<String, ApiGroup> groups) {}

  public Scheme(List<ApiGroup> apiGroups) {
    Map<String, ApiGroup> groups = new LinkedHashMap<>();
    for (ApiGroup g : apiGroups) {
      if (groups.putIfAbsent(g.name(), g) != null) {
        throw new IllegalArgumentException("API group " + g.name() + " registered twice");
      }
    }
    this.builtIn = Set.copyOf(groups.keySet());
    this.current = new AtomicReference<>(new Snapshot(0, sorted(groups.values())));
    for (ResourceType<?> r : servedResources()) {
      r.storedAs().ifPresent(owner -> checkCohabitant(r, owner));
    }
  }

  private Map<String, ApiGroup> sorted(Collection<ApiGroup> groups) {
    List<ApiGroup> list = new ArrayList<>(groups);
    list.sort(order);
    Map<String, ApiGroup> m = new LinkedHashMap<>();
    list.forEach(g -> m.put(g.name(), g));
    return Collections.unmodifiableMap(m);
  }

  /** Whether {@code group} is one the server was built with (not defined at run time). */
  public boolean builtIn(String group) {
    return builtIn.contains(group);
  }

  /**
   * Adds a group defined at run time, or replaces the one of that name (e.g. when a custom resource
   * joins or leaves the group). Its resources must own their storage (no cohabitants).
   *
   * @throws IllegalArgumentException if the group is built in
   */
  public synchronized void put(ApiGroup group) {
    if (builtIn(group.name())) {
      throw new IllegalArgumentException("API group " + group.name() + " is built in");
    }
    if (group.resources().stream().anyMatch(r -> r.storedAs().isPresent())) {
      throw new IllegalArgumentException("API group " + group.name() + ": resources defined at run time own their storage");
    }
    Snapshot s = current.get();
    Map<String, ApiGroup> next = new LinkedHashMap<>(s.groups());
    next.put(group.name(), group);
    current.set(new Snapshot(s.generation() + 1, sorted(next.values())));
  }

  /** Removes a group defined at run time; nothing happens for an unknown or built-in group. */
  public synchronized void remove(String group) {
    Snapshot s = current.get();
    if (builtIn(group) || !s.groups().containsKey(group)) {
      return;
    }
    Map<String, ApiGroup> next = new LinkedHashMap<>(s.groups());
    next.remove(group);
    current.set(new Snapshot(s.generation() + 1, sorted(next.values())));
  }

  /** How many times the groups changed since start (0 while only built-in groups are served). */
  public long generation() {
    return current.get().generation();
  }

  private void checkCohabitant(ResourceType<?> r, GroupResource ownerName) {
    String what = r.groupResource() + " is stored as " + ownerName;
    ResourceType<?> owner = resource(ownerName.group(), ownerName.resource())
        .orElseThrow(() -> new IllegalArgumentException(what + ", which is not registered"));
    if (owner.storedAs().isPresent()) {
      throw new IllegalArgumentException(what + ", which is itself stored as " + owner.storedAs().get());
    }
    if (!owner.hubType().equals(r.hubType()) || owner.namespaced() != r.namespaced()) {
      throw new IllegalArgumentException(what + ", whose hub type or scope differs");
    }
  }

  /** All groups, core first. */
  public List<ApiGroup> groups() {
    return List.copyOf(current.get().groups().values());
  }

  public Optional<ApiGroup> group(String name) {
    return Optional.ofNullable(current.get().groups().get(name));
  }

  /** The resource type of {@code group}/{@code plural}, if registered. */
  public Optional<ResourceType<?>> resource(String group, String plural) {
    return group(group).flatMap(g -> g.resource(plural));
  }

  /** The resource type serving {@code kind} in {@code group}, if registered. */
  public Optional<ResourceType<?>> kind(String group, String kind) {
    return group(group).flatMap(g -> g.resources().stream().filter(r -> r.kind().equals(kind)).findFirst());
  }

  /** Every resource type that owns its storage, of every group (cohabitants left out). */
  public List<ResourceType<?>> resources() {
    return servedResources().stream().filter(r -> r.storedAs().isEmpty()).toList();
  }

  /** Every resource type served, of every group: those owning their storage and the cohabitants. */
  public List<ResourceType<?>> servedResources() {
    return current.get().groups().values().stream().flatMap(g -> g.resources().stream()).toList();
  }

  /** The resource type that stores {@code r}'s objects: its owner for a cohabitant, else {@code r} itself. */
  public ResourceType<?> owner(ResourceType<?> r) {
    return r.storedAs().flatMap(o -> resource(o.group(), o.resource())).orElse(r);
  }
}
