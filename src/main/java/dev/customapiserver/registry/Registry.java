package dev.customapiserver.registry;

import dev.customapiserver.admission.Admission;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.runtime.ValueTransformer;
import dev.customapiserver.runtime.extension.ObjectClient;
import dev.customapiserver.storage.StorageBackend;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.Optional;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * One {@link GenericStore} per registered resource, over one storage backend, and the
 * {@link Informers} (listers) admission plugins and controllers read other objects through. A
 * cohabitant ({@link ResourceType.Builder#storedAs}) gets its own store (its own name, rules and
 * admission attributes) over its owner's storage, codec and informer.
 */
public final class Registry implements AutoCloseable {
  private final Scheme scheme;
  private final ValidatorFactory validation;
  private final Map<GroupResource, GenericStore<?>> stores = new ConcurrentHashMap<>();
  private final Informers informers;
  private final StorageBackend backend;
  private final Codecs codecs;
  private final Clock clock;
  private final Function<GroupResource, ValueTransformer> transformers;
  private final ObjectValidator validator;
  private final NameGenerator names = new NameGenerator();
  private final Admission chain;
  private final ObjectClient client = new RegistryClient(stores::get);
  private final boolean unconditionalUpdate;

  /** A registry without admission (every write is admitted). */
  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock) {
    this(scheme, backend, codecs, clock, listers -> Admission.NONE);
  }

  /**
   * A registry whose writes go through the admission {@code admission} makes of the registry's own
   * listers (called once, here).
   */
  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock,
      Function<Listers, Admission> admission) {
    this(scheme, backend, codecs, clock, admission, r -> ValueTransformer.IDENTITY);
  }

  /** With each resource's stored bytes passed through {@code transformers} (encryption at rest). */
  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock,
      Function<Listers, Admission> admission, Function<GroupResource, ValueTransformer> transformers) {
    this(scheme, backend, codecs, clock, admission, transformers, false);
  }

  /**
   * The same; with {@code unconditionalUpdate} an update without {@code metadata.resourceVersion}
   * replaces the current object whatever its version (kube's {@code AllowUnconditionalUpdate}, here for
   * every kind), instead of 422.
   */
  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock,
      Function<Listers, Admission> admission, Function<GroupResource, ValueTransformer> transformers,
      boolean unconditionalUpdate) {
    this.unconditionalUpdate = unconditionalUpdate;
    this.scheme = scheme;
    this.backend = backend;
    this.codecs = codecs;
    this.clock = clock;
    this.transformers = transformers;
    this.validation = Validation.byProvider(HibernateValidator.class).configure()
        .messageInterpolator(new ParameterMessageInterpolator())
        .traversableResolver(new EveryPropertyTraversable()).buildValidatorFactory();
    Map<GroupResource, WriteTracking<?>> tracked = new LinkedHashMap<>();
    Map<GroupResource, StorageCodec<?>> codecsByResource = new LinkedHashMap<>();
    Map<GroupResource, Class<?>> hubs = new LinkedHashMap<>();
    Map<GroupResource, GroupResource> owners = new LinkedHashMap<>();
    for (ResourceType<?> t : scheme.resources()) {
      StorageCodec<?> codec = new StorageCodec<>(t, codecs, transformers.apply(t.groupResource()));
      codecsByResource.put(t.groupResource(), codec);
      tracked.put(t.groupResource(), tracking(backend, codec));
      hubs.put(t.groupResource(), t.hubType());
    }
    for (ResourceType<?> t : scheme.servedResources()) {
      GroupResource owner = scheme.owner(t).groupResource();
      owners.put(t.groupResource(), owner);
      codecsByResource.putIfAbsent(t.groupResource(), codecsByResource.get(owner));
      tracked.putIfAbsent(t.groupResource(), tracked.get(owner));
      hubs.putIfAbsent(t.groupResource(), t.hubType());
    }
    this.informers = new Informers(tracked, hubs, owners);
    this.chain = admission.apply(informers);
    this.validator = new ObjectValidator(validation.getValidator());
    for (ResourceType<?> t : scheme.servedResources()) {
      GroupResource gr = t.groupResource();
      stores.put(gr, storeFor(t, tracked.get(gr), codecsByResource.get(gr), codecs, validator, clock, names, chain,
          unconditionalUpdate));
    }
  }

  private static <H extends KubeObject> WriteTracking<H> tracking(StorageBackend backend, StorageCodec<H> codec) {
    return new WriteTracking<>(backend.forResource(codec.type().groupResource(), codec));
  }

  @SuppressWarnings("unchecked")
  private static <H extends KubeObject> GenericStore<H> storeFor(ResourceType<H> t, WriteTracking<?> store,
      StorageCodec<?> codec, Codecs codecs, ObjectValidator validator, Clock clock, NameGenerator names, Admission chain,
      boolean unconditionalUpdate) {
    return new GenericStore<>(t, (WriteTracking<H>) store, (StorageCodec<H>) codec, codecs, validator, clock, names,
        new AdmissionCalls<>(t, chain), unconditionalUpdate);
  }

  /**
   * Serves a resource defined at run time (a custom resource): makes its store over the storage
   * backend, and its informer, replacing those of an earlier definition of the same resource. Its
   * group goes into the {@link Scheme} separately ({@link Scheme#put}), after this.
   *
   * @throws IllegalArgumentException for a cohabitant or a resource of a built-in group
   */
  public synchronized <H extends KubeObject> void register(ResourceType<H> t) {
    if (t.storedAs().isPresent() || scheme.builtIn(t.group())) {
      throw new IllegalArgumentException(t.groupResource() + " cannot be registered at run time");
    }
    StorageCodec<H> codec = new StorageCodec<>(t, codecs, transformers.apply(t.groupResource()));
    WriteTracking<H> tracked = tracking(backend, codec);
    informers.register(t.groupResource(), tracked, t.hubType());
    stores.put(t.groupResource(), new GenericStore<>(t, tracked, codec, codecs, validator, clock, names,
        new AdmissionCalls<>(t, chain), unconditionalUpdate));
  }

  /** Stops serving a resource {@link #register registered} at run time (its stored objects stay). */
  public synchronized void unregister(GroupResource resource) {
    if (scheme.builtIn(resource.group())) {
      return;
    }
    stores.remove(resource);
    informers.unregister(resource);
  }

  /** The listers of every registered resource, fed by the storage's watch (the watch cache when it is on). */
  public Informers informers() {
    return informers;
  }

  public Scheme scheme() {
    return scheme;
  }

  /** The store of a resource type registered in the scheme. */
  @SuppressWarnings("unchecked")
  public <H extends KubeObject> GenericStore<H> store(ResourceType<H> type) {
    GenericStore<?> s = stores.get(type.groupResource());
    if (s == null) {
      throw new IllegalArgumentException(type.groupResource() + " is not registered");
    }
    return (GenericStore<H>) s;
  }

  /** The {@code scale} subresource of a registered resource type, if it declares one. */
  public <H extends KubeObject> Optional<ScaleStore<H>> scale(ResourceType<H> type) {
    GenericStore<H> store = store(type);
    return type.scale().map(s -> new ScaleStore<>(store, s));
  }

  /** A client reading and writing through these stores, for extension endpoints. */
  public ObjectClient client() {
    return client;
  }

  @Override
  public void close() {
    informers.close();
    validation.close();
  }
}
