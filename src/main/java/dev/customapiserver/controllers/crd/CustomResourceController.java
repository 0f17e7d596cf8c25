package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.apis.apiextensions.ApiextensionsGroup;
import dev.customapiserver.apis.apiextensions.Conditions;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition.Condition;
import dev.customapiserver.controllers.Controller;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.Informer;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves what the CustomResourceDefinitions describe. On every change of a definition (the
 * registry's informer, fed by the storage's watch, so changes made through another replica too) and
 * every {@link #RESYNC}, one pass over all definitions (those whose names were accepted first,
 * then by creation):
 * <ol>
 *   <li>names: accepted unless another definition of the group claimed one first
 *       (NamesAccepted, Established, acceptedNames written through the status subresource);</li>
 *   <li>serving: each accepted definition's resource registered in the registry, its group put in
 *       the Scheme (routes and discovery follow at once); resources and groups no longer defined
 *       dropped (after the Scheme, so no request finds a group without its store);</li>
 *   <li>deletion ({@link DefinitionCleanup}): a deleted definition's objects are deleted, then its
 *       Terminating condition turns False and its {@code customresourcecleanup} finalizer is removed;
 *       when no other finalizer holds it, it is no longer served before that, so that once the
 *       definition is gone its endpoints answer 404; one held by another finalizer stays served in
 *       full, as kube serves it.</li>
 * </ol>
 * All work runs on one thread; the Scheme and registry changes are atomic for concurrent requests.
 */
public final class CustomResourceController implements Controller {
  /** How often all definitions are looked at again (deletions are not notified by the informer). */
  public static final Duration RESYNC = Duration.ofSeconds(1);
  /** How long the watches of a resource no longer served stay open for the events of its last writes. */
  static final Duration WATCH_GRACE = Duration.ofSeconds(1);
  private static final Logger LOG = Logger.getLogger(CustomResourceController.class.getName());
  private static final UserInfo USER = UserInfo.of("system:apiserver", "system:masters", "system:authenticated");
  private static final RegistryContext CLUSTER = new RegistryContext(null, USER);

  private final Registry registry;
  private final Scheme scheme;
  private final GenericStore<CustomResourceDefinition> crds;
  private final Clock clock;
  private final ObjectMapper json = new ObjectMapper();
  private final Conversions conversions = new Conversions();
  private final Map<GroupResource, Served> served = new HashMap<>();
  private final AtomicBoolean pending = new AtomicBoolean();
  private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "customresource-controller");
    t.setDaemon(true);
    return t;
  });
  private final DefinitionCleanup cleanup;
  /** Whether a pass has served every definition it could (the worker thread's only). */
  private boolean passed;
  private Informer<CustomResourceDefinition> informer;

  /** One served resource: the definition it came from (spec and names) and its type. */
  private record Served(String fingerprint, ResourceType<Unstructured> type) {}

  @SuppressWarnings("unchecked")
  public CustomResourceController(Registry registry, Clock clock) {
    this.registry = registry;
    this.scheme = registry.scheme();
    this.clock = clock;
    ResourceType<?> type = scheme.resource(ApiextensionsGroup.NAME, "customresourcedefinitions")
        .orElseThrow(() -> new IllegalArgumentException("the apiextensions.k8s.io group is not registered"));
    this.crds = registry.store((ResourceType<CustomResourceDefinition>) type);
    this.cleanup = new DefinitionCleanup(crds, CLUSTER, clock);
  }

  public CustomResourceController(Registry registry) {
    this(registry, Clock.systemUTC());
  }

  @Override
  public void start() {
    informer = registry.informers().forResource(crds.type().groupResource(), CustomResourceDefinition.class);
    informer.onChange(crd -> trigger());
    informer.start();
    worker.scheduleWithFixedDelay(this::reconcile, 0, RESYNC.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void trigger() {
    if (pending.compareAndSet(false, true)) {
      worker.execute(() -> {
        pending.set(false);
        reconcile();
      });
    }
  }

  /** One pass over every definition (see the class doc). */
  void reconcile() {
    try {
      List<CustomResourceDefinition> all = new ArrayList<>(informer.list(null));
      // names already accepted keep them (kube's naming controller checks against accepted names); then by age
      all.sort(Comparator.comparing((CustomResourceDefinition c) -> !c.isTrue("NamesAccepted"))
          .thenComparing(c -> c.metadata().creationTimestamp, Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(c -> c.metadata().name));
      NameAcceptance names = new NameAcceptance();
      Map<String, List<ResourceType<Unstructured>>> byGroup = new LinkedHashMap<>();
      Map<GroupResource, String> fingerprints = new HashMap<>();
      // a deleted definition whose objects are all gone and that no other finalizer holds stops being served
      // before its finalizer is dropped, so that once it is gone (what `kubectl delete crd` waits for) its
      // endpoints are too
      Map<CustomResourceDefinition, Condition> cleanedUp = new LinkedHashMap<>();
      for (CustomResourceDefinition crd : all) {
        // on the first pass (e.g. after a restart) nothing is served yet: an established definition's
        // objects are deleted once it is, not taken for gone
        if (DefinitionCleanup.pending(crd) && (passed || !crd.isTrue("Established"))) {
          Condition done = cleanup.step(crd, servedStore(crd));
          if (done != null) {
            cleanedUp.put(crd, done);
          }
        }
      }
      // conditions are written once the types are served here, so a client that saw Established can use the resource
      List<Runnable> statusWrites = new ArrayList<>();
      for (CustomResourceDefinition crd : all) {
        if (DefinitionCleanup.goesWithCleanup(crd) && (cleanedUp.containsKey(crd) || !DefinitionCleanup.pending(crd))) {
          continue;
        }
        ResourceType<Unstructured> type = decide(crd, names, statusWrites);
        if (type != null) {
          byGroup.computeIfAbsent(type.group(), g -> new ArrayList<>()).add(type);
          fingerprints.put(type.groupResource(), fingerprint(crd));
        }
      }
      serve(byGroup, fingerprints);
      statusWrites.forEach(Runnable::run);
      cleanedUp.forEach(cleanup::finish);
      passed = true;
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "serving custom resources failed, retrying: " + e.getMessage(), e);
    }
  }

  /** Names and conditions of one definition (to be written when they change); its type when it is to be served. */
  private ResourceType<Unstructured> decide(CustomResourceDefinition crd, NameAcceptance names, List<Runnable> statusWrites) {
    if (crd.spec == null || crd.spec.group == null || crd.spec.names == null || crd.storageVersion() == null
        || scheme.builtIn(crd.spec.group)) {
      return null;
    }
    NameAcceptance.Conflict conflict = names.accept(crd.spec.group, crd.spec.names);
    String now = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
    CustomResourceDefinition.Names accepted = conflict == null ? crd.spec.names
        : crd.status == null ? null : crd.status.acceptedNames;
    boolean established = conflict == null || crd.isTrue("Established");
    Condition namesAccepted = conflict == null ? new Condition("NamesAccepted", "True", now, "NoConflicts", "no conflicts found")
        : new Condition("NamesAccepted", "False", now, conflict.reason(), conflict.message());
    Condition establishedCondition = established
        ? new Condition("Established", "True", now, "InitialNamesAccepted", "the initial names have been accepted")
        : new Condition("Established", "False", now, "NotAccepted", "not all names are accepted");
    statusWrites.add(() -> writeStatus(crd, accepted, namesAccepted, establishedCondition));
    if (!established || accepted == null || accepted.plural == null || accepted.kind == null) {
      return null;
    }
    try {
      return CustomResourceTypes.of(crd, accepted, conversions);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "cannot serve " + crd.metadata().name + ": " + e.getMessage());
      return null;
    }
  }

  private void writeStatus(CustomResourceDefinition crd, CustomResourceDefinition.Names accepted, Condition... conditions) {
    CustomResourceDefinition.Status s = crd.status == null ? new CustomResourceDefinition.Status() : crd.status;
    boolean same = Objects.equals(json.valueToTree(s.acceptedNames), json.valueToTree(accepted));
    for (Condition c : conditions) {
      Condition old = crd.condition(c.type);
      same &= old != null && Objects.equals(old.status, c.status) && Objects.equals(old.reason, c.reason)
          && Objects.equals(old.message, c.message);
    }
    if (same) {
      return;
    }
    try {
      crds.update(CLUSTER, crd.metadata().name, current -> {
        if (current.status == null) {
          current.status = new CustomResourceDefinition.Status();
        }
        current.status.acceptedNames = accepted == null ? null
            : json.convertValue(accepted, CustomResourceDefinition.Names.class);
        for (Condition c : conditions) {
          Conditions.set(current, new Condition(c.type, c.status, c.lastTransitionTime, c.reason, c.message));
        }
        return current;
      }, WriteOptions.DEFAULT, GenericStore.STATUS);
    } catch (ApiException e) {
      if (e.code() != 404) {
        LOG.log(Level.INFO, "status of " + crd.metadata().name + " not written, retrying: " + e.getMessage());
      }
    }
  }

  private String fingerprint(CustomResourceDefinition crd) {
    return json.valueToTree(crd.spec).toString() + json.valueToTree(crd.status == null ? null : crd.status.acceptedNames)
        + (CustomResourceTypes.terminating(crd) ? " terminating" : "");
  }

  /** Registers new and changed resources, updates the Scheme's groups, then drops what is gone. */
  private void serve(Map<String, List<ResourceType<Unstructured>>> byGroup, Map<GroupResource, String> fingerprints) {
    Map<String, Boolean> changedGroups = new HashMap<>();
    Map<String, List<ResourceType<Unstructured>>> types = new LinkedHashMap<>();
    for (var e : byGroup.entrySet()) {
      List<ResourceType<Unstructured>> list = new ArrayList<>();
      for (ResourceType<Unstructured> t : e.getValue()) {
        Served s = served.get(t.groupResource());
        if (s == null || !s.fingerprint().equals(fingerprints.get(t.groupResource()))) {
          registry.register(t);
          served.put(t.groupResource(), new Served(fingerprints.get(t.groupResource()), t));
          changedGroups.put(t.group(), true);
          list.add(t);
        } else {
          list.add(s.type());
        }
      }
      types.put(e.getKey(), list);
    }
    for (var e : types.entrySet()) {
      ApiGroup current = scheme.group(e.getKey()).orElse(null);
      if (changedGroups.containsKey(e.getKey()) || current == null || current.resources().size() != e.getValue().size()) {
        TreeSet<String> versions = new TreeSet<>(new VersionPriority());
        e.getValue().forEach(t -> versions.addAll(t.versionNames()));
        if (versions.isEmpty()) {
          scheme.remove(e.getKey()); // no version served: the group is not discovered, as kube
        } else {
          // by plural, as kube's aggregated discovery sorts a CRD group's resources (its legacy list alike here)
          List<ResourceType<?>> byPlural = new ArrayList<>(e.getValue());
          byPlural.sort(Comparator.comparing(ResourceType::plural));
          scheme.put(new ApiGroup(e.getKey(), List.copyOf(versions), byPlural));
        }
      }
    }
    for (ApiGroup g : scheme.groups()) {
      if (!scheme.builtIn(g.name()) && !types.containsKey(g.name())) {
        scheme.remove(g.name());
      }
    }
    for (GroupResource gr : List.copyOf(served.keySet())) {
      if (!types.getOrDefault(gr.group(), List.of()).stream().anyMatch(t -> t.groupResource().equals(gr))) {
        GenericStore<Unstructured> store = registry.store(served.remove(gr).type());
        registry.unregister(gr);
        // as kube's crdHandler tears a storage down a moment after it stops serving it: the watches
        // still get the events of the last writes (the cleanup's deletions), then end
        worker.schedule(store::endWatches, WATCH_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      }
    }
  }

  /** The store of the resource {@code crd} defines, if it is served here. */
  private GenericStore<Unstructured> servedStore(CustomResourceDefinition crd) {
    Served s = crd.spec == null || crd.spec.names == null ? null
        : served.get(new GroupResource(crd.spec.group, crd.status == null || crd.status.acceptedNames == null
            ? crd.spec.names.plural : crd.status.acceptedNames.plural));
    return s == null ? null : registry.store(s.type());
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
