package dev.customapiserver.auth.rbac;

import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.ClusterRoleBinding;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleBinding;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.apis.rbac.Subject;
import dev.customapiserver.runtime.GroupResource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** RBAC objects in memory behind {@link Listers}, for the evaluator's tests. */
final class Policies implements Listers {
  private final Map<String, List<KubeObject>> byResource = new HashMap<>();

  static PolicyRule rule(String group, String resource, String... verbs) {
    return PolicyRule.resources(List.of(group), List.of(resource), List.of(verbs));
  }

  Policies role(String ns, String name, PolicyRule... rules) {
    Role r = new Role();
    r.metadata = meta(ns, name);
    r.rules = new ArrayList<>(List.of(rules));
    return add("roles", r);
  }

  Policies clusterRole(String name, PolicyRule... rules) {
    ClusterRole r = new ClusterRole();
    r.metadata = meta(null, name);
    r.rules = new ArrayList<>(List.of(rules));
    return add("clusterroles", r);
  }

  Policies roleBinding(String ns, String name, String roleKind, String role, Subject... subjects) {
    RoleBinding b = new RoleBinding();
    b.metadata = meta(ns, name);
    b.roleRef = RoleRef.of(roleKind, role);
    b.subjects = new ArrayList<>(List.of(subjects));
    return add("rolebindings", b);
  }

  Policies clusterRoleBinding(String name, String role, Subject... subjects) {
    ClusterRoleBinding b = new ClusterRoleBinding();
    b.metadata = meta(null, name);
    b.roleRef = RoleRef.of("ClusterRole", role);
    b.subjects = new ArrayList<>(List.of(subjects));
    return add("clusterrolebindings", b);
  }

  static Subject user(String name) {
    return Subject.of(Subject.USER, name);
  }

  static Subject group(String name) {
    return Subject.of(Subject.GROUP, name);
  }

  static Subject serviceAccount(String ns, String name) {
    Subject s = Subject.of(Subject.SERVICE_ACCOUNT, name);
    s.namespace = ns;
    return s;
  }

  private Policies add(String resource, KubeObject o) {
    byResource.computeIfAbsent(resource, r -> new ArrayList<>()).add(o);
    return this;
  }

  private static ObjectMeta meta(String ns, String name) {
    ObjectMeta m = new ObjectMeta();
    m.namespace = ns;
    m.name = name;
    return m;
  }

  @Override
  public <H extends KubeObject> Lister<H> forResource(GroupResource resource, Class<H> hub) {
    return new Lister<>() {
      @Override
      public Optional<H> get(String namespace, String name) {
        return list(namespace).stream().filter(o -> o.metadata.name.equals(name)).findFirst();
      }

      @Override
      public List<H> list(String namespace) {
        return byResource.getOrDefault(resource.resource(), List.of()).stream()
            .filter(o -> namespace == null || Objects.equals(namespace, o.metadata.namespace)).map(hub::cast).toList();
      }

      @Override
      public Optional<H> lookup(String namespace, String name) {
        return get(namespace, name);
      }
    };
  }
}
