package dev.customapiserver.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registered API groups, looked up by name, resource and kind. Immutable; one instance per
 * server (never a static), built from whatever group modules the server was given.
 *
 * <p>Cohabitants (resources {@link ResourceType.Builder#storedAs stored as} another group's
 * resource) are checked here, at start: the owner must be registered, own its storage, and have the
 * same hub type and scope. {@link #resources()} lists the resources that own storage (what
 * controllers walk, so an object is seen once); {@link #servedResources()} adds the cohabitants
 * (what routes are made for); {@link #owner} leads from either to the one that stores it.
 */
public final class Scheme {
  private final Map<String, ApiGroup> groups = new LinkedHashMap<>();

  public Scheme(List<ApiGroup> apiGroups) {
    List<ApiGroup> sorted = new ArrayList<>(apiGroups);
    // the core group first, then groups serving cohabitants after those owning storage (as kube-apiserver's
    // priorities listed apps before extensions, so kubectl's plain "deployments" meant apps), then by name
    sorted.sort(Comparator.comparing((ApiGroup g) -> !g.name().isEmpty())
        .thenComparing(g -> g.resources().stream().anyMatch(r -> r.storedAs().isPresent()))
        .thenComparing(ApiGroup::name));
    for (ApiGroup g : sorted) {
      if (groups.putIfAbsent(g.name(), g) != null) {
        throw new IllegalArgumentException("API group " + g.name() + " registered twice");
      }
    }
    for (ResourceType<?> r : servedResources()) {
      r.storedAs().ifPresent(owner -> checkCohabitant(r, owner));
    }
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
    return List.copyOf(groups.values());
  }

  public Optional<ApiGroup> group(String name) {
    return Optional.ofNullable(groups.get(name));
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
    return groups.values().stream().flatMap(g -> g.resources().stream()).toList();
  }

  /** The resource type that stores {@code r}'s objects: its owner for a cohabitant, else {@code r} itself. */
  public ResourceType<?> owner(ResourceType<?> r) {
    return r.storedAs().flatMap(o -> resource(o.group(), o.resource())).orElse(r);
  }
}
