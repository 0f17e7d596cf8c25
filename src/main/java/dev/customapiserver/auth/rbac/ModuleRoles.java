package dev.customapiserver.auth.rbac;

import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What each API group module contributes to the aggregated roles, derived from its namespaced
 * resources: {@code <group>:aggregate-to-view} reads them and their subresources (status, scale,
 * connect-style), {@code <group>:aggregate-to-edit} writes them and their scale. Groups of Kubernetes
 * itself ({@code ""}, {@code *.k8s.io}) keep kube's own rules instead.
 */
final class ModuleRoles {
  private ModuleRoles() {}

  static List<ClusterRole> of(Scheme scheme) {
    List<ClusterRole> roles = new ArrayList<>();
    for (ApiGroup g : scheme.groups()) {
      if (g.name().isEmpty() || g.name().endsWith(".k8s.io")) {
        continue;
      }
      List<String> read = new ArrayList<>();
      List<String> write = new ArrayList<>();
      for (ResourceType<?> t : scheme.servedResources()) {
        if (!t.group().equals(g.name()) || !t.namespaced()) {
          continue;
        }
        read.add(t.plural());
        write.add(t.plural());
        t.subresources().forEach(s -> read.add(t.plural() + "/" + s));
        if (t.scale().isPresent()) {
          write.add(t.plural() + "/scale");
        }
      }
      if (read.isEmpty()) {
        continue;
      }
      roles.add(BootstrapPolicy.role(g.name() + ":aggregate-to-view", Map.of(BootstrapPolicy.AGGREGATE + "view", "true"),
          PolicyRule.resources(List.of(g.name()), read, BootstrapPolicy.READ)));
      roles.add(BootstrapPolicy.role(g.name() + ":aggregate-to-edit", Map.of(BootstrapPolicy.AGGREGATE + "edit", "true"),
          PolicyRule.resources(List.of(g.name()), write, BootstrapPolicy.WRITE)));
    }
    return roles;
  }
}
