package dev.customapiserver.controllers.rbac;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.ClusterRoleBinding;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.apis.rbac.Subject;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.auth.rbac.BootstrapPolicy;
import dev.customapiserver.auth.rbac.Coverage;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.ResourceType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Reconciles kube's bootstrap roles and bindings at start, as kube-apiserver's rbac/bootstrap-roles
 * post-start hook: missing ones are created; existing ones whose {@code autoupdate} annotation is not
 * {@code "false"} get the rules, aggregation rule, labels and subjects they lack (what users added stays).
 */
public final class PolicyBootstrap {
  static final UserInfo USER = UserInfo.of("system:apiserver", SystemGroups.MASTERS, SystemGroups.AUTHENTICATED);
  private final Registry registry;
  private final GenericStore<ClusterRole> roles;
  private final GenericStore<ClusterRoleBinding> bindings;

  @SuppressWarnings("unchecked")
  public PolicyBootstrap(Registry registry) {
    this.registry = registry;
    this.roles = registry.store((ResourceType<ClusterRole>) registry.scheme().resource(RbacGroup.NAME, "clusterroles")
        .orElseThrow());
    this.bindings = registry.store((ResourceType<ClusterRoleBinding>) registry.scheme()
        .resource(RbacGroup.NAME, "clusterrolebindings").orElseThrow());
  }

  /** Creates or completes every bootstrap role and binding. */
  public void reconcile() {
    RegistryContext ctx = new RegistryContext(null, USER);
    for (ClusterRole want : BootstrapPolicy.clusterRoles(registry.scheme())) {
      ensure(roles, ctx, want, have -> {
        ClusterRole c = have.copy();
        boolean changed = labels(c, want);
        if (want.aggregationRule != null) {
          if (c.aggregationRule == null) {
            c.aggregationRule = want.aggregationRule.copy();
            changed = true;
          }
          return changed ? c : null;
        }
        List<PolicyRule> missing = Coverage.missing(c.rules(), want.rules());
        if (!missing.isEmpty()) {
          c.rules = new ArrayList<>(c.rules());
          c.rules.addAll(want.rules());
          changed = true;
        }
        return changed ? c : null;
      });
    }
    for (ClusterRoleBinding want : BootstrapPolicy.clusterRoleBindings()) {
      ensure(bindings, ctx, want, have -> {
        ClusterRoleBinding c = have.copy();
        boolean changed = labels(c, want);
        c.subjects = new ArrayList<>(c.subjects());
        for (Subject s : want.subjects()) {
          if (c.subjects.stream().noneMatch(h -> h != null && s.kind.equals(h.kind) && s.name.equals(h.name))) {
            c.subjects.add(s.copy());
            changed = true;
          }
        }
        return changed ? c : null;
      });
    }
  }

  private static <H extends KubeObject> void ensure(GenericStore<H> store, RegistryContext ctx, H want, UnaryOperator<H> complete) {
    try {
      store.create(ctx, want, WriteOptions.DEFAULT);
      return;
    } catch (ApiException e) {
      if (e.code() != 409) {
        throw e;
      }
    }
    H have = store.get(ctx, want.metadata.name);
    if (have.metadata.annotations != null && "false".equals(have.metadata.annotations.get(BootstrapPolicy.AUTOUPDATE))) {
      return;
    }
    if (complete.apply(have) != null) {
      store.update(ctx, want.metadata.name, old -> {
        H c = complete.apply(old);
        return c == null ? old : c;
      }, WriteOptions.DEFAULT);
    }
  }

  /** Adds the labels {@code have} lacks; whether it lacked any. */
  private static boolean labels(KubeObject have, KubeObject want) {
    have.metadata.labels = have.metadata.labels == null ? new LinkedHashMap<>() : new LinkedHashMap<>(have.metadata.labels);
    int before = have.metadata.labels.size();
    want.metadata.labels.forEach(have.metadata.labels::putIfAbsent);
    return have.metadata.labels.size() != before;
  }
}
