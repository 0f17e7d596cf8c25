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
 */
public final class Scheme {
  private final Map<String, ApiGroup> groups = new LinkedHashMap<>();

  public Scheme(List<ApiGroup> apiGroups) {
    List<ApiGroup> sorted = new ArrayList<>(apiGroups);
    // the core group first, then by name, as kube-apiserver lists them
    sorted.sort(Comparator.comparing((ApiGroup g) -> !g.name().isEmpty()).thenComparing(ApiGroup::name));
    for (ApiGroup g : sorted) {
      if (groups.putIfAbsent(g.name(), g) != null) {
        throw new IllegalArgumentException("API group " + g.name() + " registered twice");
      }
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

  /** Every resource type of every group. */
  public List<ResourceType<?>> resources() {
    return groups.values().stream().flatMap(g -> g.resources().stream()).toList();
  }
}
