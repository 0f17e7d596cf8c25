package dev.customapiserver.controllers.rbac;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Informer;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.ResourceType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * kube's clusterrole-aggregation controller: every ClusterRole with an {@code aggregationRule} gets as
 * rules the union (first occurrence kept, roles in name order) of the rules of the other ClusterRoles
 * its selectors match. Runs once synchronously on {@link #start()}, then on every ClusterRole change.
 */
public final class ClusterRoleAggregation implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(ClusterRoleAggregation.class.getName());
  private final GenericStore<ClusterRole> store;
  private final Informer<ClusterRole> informer;
  private final AtomicBoolean queued = new AtomicBoolean();
  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "clusterrole-aggregation");
    t.setDaemon(true);
    return t;
  });

  @SuppressWarnings("unchecked")
  public ClusterRoleAggregation(Registry registry) {
    var type = (ResourceType<ClusterRole>) registry.scheme().resource(RbacGroup.NAME, "clusterroles").orElseThrow();
    this.store = registry.store(type);
    this.informer = registry.informers().forResource(type.groupResource(), ClusterRole.class);
  }

  public void start() {
    try {
      syncAll();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "aggregating cluster roles failed, retrying: " + e.getMessage());
    }
    informer.onChange(r -> enqueue());
    informer.start();
  }

  private void enqueue() {
    if (queued.compareAndSet(false, true)) {
      worker.execute(() -> {
        queued.set(false);
        try {
          syncAll();
        } catch (RuntimeException e) {
          LOG.log(Level.WARNING, "aggregating cluster roles failed, retrying: " + e.getMessage());
          worker.schedule(this::enqueue, 2, TimeUnit.SECONDS);
        }
      });
    }
  }

  /** Brings every aggregated role up to date (repeats while one role's change feeds another). */
  void syncAll() {
    for (int round = 0; round < 10; round++) {
      boolean changed = false;
      List<ClusterRole> all = informer.list(null);
      for (ClusterRole r : all) {
        if (r.aggregationRule != null) {
          changed |= sync(r, all);
        }
      }
      if (!changed) {
        return;
      }
    }
  }

  private boolean sync(ClusterRole role, List<ClusterRole> all) {
    List<PolicyRule> rules = aggregate(role, all);
    if (same(rules, role.rules())) {
      return false;
    }
    try {
      store.update(new RegistryContext(null, PolicyBootstrap.USER), role.metadata.name, old -> {
        ClusterRole c = old.copy();
        c.rules = rules;
        return c;
      }, WriteOptions.DEFAULT);
    } catch (ApiException e) {
      if (e.code() != 404) {
        throw e;
      }
    }
    return true;
  }

  /** The union of the rules of the roles {@code role}'s selectors match. */
  static List<PolicyRule> aggregate(ClusterRole role, List<ClusterRole> all) {
    List<PolicyRule> rules = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (LabelSelector s : role.aggregationRule.selectors()) {
      if (s == null) {
        continue;
      }
      all.stream().filter(r -> !r.metadata.name.equals(role.metadata.name) && s.matches(r.metadata.labels))
          .sorted(Comparator.comparing(r -> r.metadata.name))
          .forEach(r -> r.rules().forEach(rule -> {
            if (rule != null && !seen.contains(key(rule))) {
              seen.add(key(rule));
              rules.add(rule.copy());
            }
          }));
    }
    return rules;
  }

  private static boolean same(List<PolicyRule> a, List<PolicyRule> b) {
    return a.stream().map(ClusterRoleAggregation::key).toList().equals(b.stream().map(ClusterRoleAggregation::key).toList());
  }

  private static String key(PolicyRule r) {
    return r.compactString();
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
