package dev.customapiserver.controllers;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.ResourceType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The namespace lifecycle inside the server. On {@link #start()}: creates {@code default} if it is
 * missing, then watches namespaces (through the registry's informer); every namespace with a
 * deletionTimestamp (Terminating) is emptied, every namespaced object of every group in it deleted
 * through the registry, and once nothing is left its {@code kubernetes} finalizer is removed and it
 * is deleted. The informer's first list hands over every namespace, so deletions interrupted by a
 * restart finish after it. Objects that do not go at once (finalizers) are retried every
 * {@link #RETRY}.
 */
public final class NamespaceController implements AutoCloseable {
  /** How long until a namespace that still has content is looked at again. */
  public static final Duration RETRY = Duration.ofSeconds(2);
  private static final Logger LOG = Logger.getLogger(NamespaceController.class.getName());
  private static final UserInfo USER = UserInfo.of("system:serviceaccount:kube-system:namespace-controller",
      "system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated");

  private final Registry registry;
  private final GenericStore<Namespace> namespaces;
  private final Set<String> queued = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "namespace-controller");
    t.setDaemon(true);
    return t;
  });

  @SuppressWarnings("unchecked")
  public NamespaceController(Registry registry) {
    this.registry = registry;
    ResourceType<?> type = registry.scheme().resource("", "namespaces")
        .orElseThrow(() -> new IllegalArgumentException("the core group with namespaces is not registered"));
    this.namespaces = registry.store((ResourceType<Namespace>) type);
  }

  /**
   * Makes sure {@code default} exists (now; if storage fails, again every {@link #RETRY} in the
   * background), then starts finishing Terminating namespaces.
   */
  public void start() {
    ensureDefault();
    var informer = registry.informers().forResource(namespaces.type().groupResource(), Namespace.class);
    informer.onChange(ns -> {
      if (ns.metadata.deletionTimestamp != null) {
        enqueue(ns.metadata.name, Duration.ZERO);
      }
    });
    informer.start();
  }

  private void ensureDefault() {
    try {
      DefaultNamespace.ensure(namespaces, new RegistryContext(null, USER));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "creating the default namespace failed, retrying: " + e.getMessage());
      worker.schedule(this::ensureDefault, RETRY.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void enqueue(String name, Duration delay) {
    if (queued.add(name)) {
      worker.schedule(() -> {
        queued.remove(name);
        finish(name);
      }, delay.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** One pass over a Terminating namespace: delete its content; if none is left, remove it. */
  private void finish(String name) {
    RegistryContext cluster = new RegistryContext(null, USER);
    try {
      Namespace ns = namespaces.get(cluster, name);
      if (ns.metadata.deletionTimestamp == null) {
        return;
      }
      if (!deleteContent(name)) {
        enqueue(name, RETRY);
        return;
      }
      if (ns.spec.finalizers != null && ns.spec.finalizers.contains(Namespace.KUBERNETES_FINALIZER)) {
        ns = namespaces.update(cluster, name, current -> {
          current.spec.finalizers = new ArrayList<>(current.spec.finalizers);
          current.spec.finalizers.remove(Namespace.KUBERNETES_FINALIZER);
          return current;
        }, WriteOptions.DEFAULT);
      }
      if (ns.spec.finalizers == null || ns.spec.finalizers.isEmpty()) {
        namespaces.delete(cluster, name, null);
      }
    } catch (ApiException e) {
      if (e.code() != 404) {
        LOG.log(Level.WARNING, "finishing namespace " + name + " failed, retrying: " + e.getMessage());
        enqueue(name, RETRY);
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "finishing namespace " + name + " failed, retrying", e);
      enqueue(name, RETRY);
    }
  }

  /** Deletes every namespaced object in the namespace; whether none is left. */
  private boolean deleteContent(String namespace) {
    RegistryContext ctx = new RegistryContext(namespace, USER);
    boolean empty = true;
    for (ResourceType<?> t : registry.scheme().resources()) {
      if (t.namespaced()) {
        GenericStore<?> store = registry.store(t);
        store.deleteCollection(ctx, ListOptions.ALL, null);
        empty &= store.list(ctx, ListOptions.ALL).items().isEmpty();
      }
    }
    return empty;
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
