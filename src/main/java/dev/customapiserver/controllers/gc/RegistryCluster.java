package dev.customapiserver.controllers.gc;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.api.selectors.FieldSelector;
import dev.customapiserver.api.selectors.LabelQuery;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.Registry;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.registry.WatchSink;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.storage.ResourceVersionMatch;
import dev.customapiserver.storage.WatchEvent;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** The cluster as the registry serves it, acting as kube-controller-manager's garbage collector user. */
final class RegistryCluster implements Cluster {
  static final UserInfo USER = UserInfo.of("system:serviceaccount:kube-system:generic-garbage-collector",
      "system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated");
  private final Registry registry;

  RegistryCluster(Registry registry) {
    this.registry = registry;
  }

  @Override
  public List<ResourceType<?>> resources() {
    return registry.scheme().resources();
  }

  @Override
  public Optional<ResourceType<?>> resolve(String apiVersion, String kind) {
    if (apiVersion == null || kind == null) {
      return Optional.empty();
    }
    int slash = apiVersion.indexOf('/');
    return registry.scheme().kind(slash < 0 ? "" : apiVersion.substring(0, slash), kind);
  }

  @Override
  public Listing list(ResourceType<?> type) {
    var page = registry.store(type).list(context(""), ListOptions.ALL);
    return new Listing(page.items(), page.resourceVersion());
  }

  @Override
  public AutoCloseable watch(ResourceType<?> type, long revision, Events events) {
    return watchOf(registry.store(type), revision, events);
  }

  private static <H extends KubeObject> AutoCloseable watchOf(GenericStore<H> store, long revision, Events events) {
    ListOptions after = new ListOptions(LabelQuery.everything(), FieldSelector.everything(), 0, null, Long.toString(revision),
        ResourceVersionMatch.UNSET);
    return store.watch(context(""), after, false, false, new WatchSink<>() {
      @Override
      public void onEvent(WatchEvent<H> event) {
        events.onEvent(event);
      }

      @Override
      public void onEnd(ApiException error) {
        events.onEnd(error);
      }
    });
  }

  @Override
  public Optional<KubeObject> get(ResourceType<?> type, String namespace, String name) {
    try {
      return Optional.of(registry.store(type).get(context(namespace), name));
    } catch (ApiException e) {
      if (e.code() == 404) {
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public void editMetadata(ResourceType<?> type, String namespace, String name, String uid, Consumer<ObjectMeta> edit) {
    editOf(registry.store(type), namespace, name, uid, edit);
  }

  private static <H extends KubeObject> void editOf(GenericStore<H> store, String namespace, String name, String uid,
      Consumer<ObjectMeta> edit) {
    store.update(context(namespace), name, current -> {
      if (!uid.equals(current.metadata().uid)) {
        throw Errors.conflict(store.type().groupResource().qualified(), name, "the object was replaced (uid " + uid + " is gone)");
      }
      edit.accept(current.metadata());
      return current;
    }, WriteOptions.DEFAULT);
  }

  @Override
  public void delete(ResourceType<?> type, String namespace, String name, String uid, String propagationPolicy) {
    DeleteOptions o = new DeleteOptions();
    o.preconditions = new DeleteOptions.Preconditions(uid, null);
    o.propagationPolicy = propagationPolicy;
    registry.store(type).delete(context(namespace), name, o);
  }

  private static RegistryContext context(String namespace) {
    return new RegistryContext(namespace == null || namespace.isEmpty() ? null : namespace, USER);
  }
}
