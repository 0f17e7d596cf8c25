package dev.customapiserver.runtime;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * An API group as a module defines it: its name, its versions in priority order (the first is the
 * preferred version) and its resources.
 */
public record ApiGroup(String name, List<String> versions, List<ResourceType<?>> resources) {
  public ApiGroup {
    versions = List.copyOf(versions);
    resources = List.copyOf(resources);
    for (ResourceType<?> r : resources) {
      if (!r.group().equals(name)) {
        throw new IllegalArgumentException(r.kind() + " is in group " + r.group() + ", not " + name);
      }
    }
  }

  /**
   * This group served only in the versions {@code enabled} accepts (kube-apiserver's {@code
   * --runtime-config}): the others leave its version list and become stored-only in its resources.
   * Every version may be turned off: the group then has no versions and is not in discovery.
   */
  public ApiGroup servedOnlyIn(Predicate<String> enabled) {
    return new ApiGroup(name, versions.stream().filter(enabled).toList(),
        resources.stream().<ResourceType<?>>map(r -> r.servedOnlyIn(enabled)).toList());
  }

  /** The preferred version. */
  public String preferredVersion() {
    return versions.get(0);
  }

  /** The resources served in {@code version}, in definition order. */
  public List<ResourceType<?>> resourcesIn(String version) {
    return resources.stream().filter(r -> r.servedIn(version)).toList();
  }

  public Optional<ResourceType<?>> resource(String plural) {
    return resources.stream().filter(r -> r.plural().equals(plural)).findFirst();
  }
}
