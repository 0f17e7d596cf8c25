package dev.customapiserver.registry;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.runtime.extension.ObjectClient;
import dev.customapiserver.storage.StorageBackend;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/** One {@link GenericStore} per registered resource, over one storage backend. */
public final class Registry implements AutoCloseable {
  private final Scheme scheme;
  private final ValidatorFactory validation;
  private final Map<GroupResource, GenericStore<?>> stores = new LinkedHashMap<>();
  private final ObjectClient client = new RegistryClient(stores::get);

  public Registry(Scheme scheme, StorageBackend backend, Codecs codecs, Clock clock) {
    this.scheme = scheme;
    this.validation = Validation.byProvider(HibernateValidator.class).configure()
        .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory();
    ObjectValidator validator = new ObjectValidator(validation.getValidator());
    NameGenerator names = new NameGenerator();
    for (ResourceType<?> t : scheme.resources()) {
      stores.put(t.groupResource(), storeFor(t, backend, codecs, validator, clock, names));
    }
  }

  private static <H extends KubeObject> GenericStore<H> storeFor(ResourceType<H> t, StorageBackend backend, Codecs codecs,
      ObjectValidator validator, Clock clock, NameGenerator names) {
    StorageCodec<H> codec = new StorageCodec<>(t, codecs);
    return new GenericStore<>(t, backend.forResource(t.groupResource(), codec), codec, codecs, validator, clock, names);
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
    validation.close();
  }
}
