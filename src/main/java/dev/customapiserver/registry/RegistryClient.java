package dev.customapiserver.registry;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.StatusReason;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.extension.ObjectClient;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** {@link ObjectClient} over the registry's stores: the same workflow as the REST API's verbs. */
final class RegistryClient implements ObjectClient {
  private final Function<GroupResource, GenericStore<?>> stores;

  RegistryClient(Function<GroupResource, GenericStore<?>> stores) {
    this.stores = stores;
  }

  @Override
  public <H extends KubeObject> H create(GroupResource resource, Class<H> hub, H object, UserInfo user) {
    GenericStore<H> s = store(resource, hub);
    return s.create(new RegistryContext(s.type().namespaced() ? object.metadata().namespace : null, user), object,
        WriteOptions.DEFAULT);
  }

  @Override
  public <H extends KubeObject> Optional<H> get(GroupResource resource, Class<H> hub, String namespace, String name,
      UserInfo user) {
    try {
      return Optional.of(store(resource, hub).get(new RegistryContext(namespace, user), name));
    } catch (ApiException e) {
      if (StatusReason.NOT_FOUND.wire().equals(e.reason())) {
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public <H extends KubeObject> List<H> list(GroupResource resource, Class<H> hub, String namespace, UserInfo user) {
    return store(resource, hub).list(new RegistryContext(namespace, user), ListOptions.ALL).items();
  }

  @SuppressWarnings("unchecked")
  private <H extends KubeObject> GenericStore<H> store(GroupResource resource, Class<H> hub) {
    GenericStore<?> s = stores.apply(resource);
    if (s == null || !s.type().hubType().equals(hub)) {
      throw new IllegalArgumentException(resource + " is not registered with hub type " + hub.getName());
    }
    return (GenericStore<H>) s;
  }
}
