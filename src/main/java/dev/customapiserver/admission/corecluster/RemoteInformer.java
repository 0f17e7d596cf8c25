package dev.customapiserver.admission.corecluster;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.NotReadyException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.client.Reflector;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * client-go's informer for one resource of the core cluster: its {@link Reflector} lists the
 * collection, then watches it from the list's resourceVersion on a daemon thread of its own, listing
 * again after a broken watch or an ERROR event (410 Gone), and this keeps what it sees. Started by its first read; reads wait for the first list at most
 * the sync timeout, then fail with {@link NotReadyException} (kube's "not yet ready to handle
 * request"). {@link #lookup} is a live GET in the cluster, as kube's NamespaceLifecycle does when its
 * informer misses.
 *
 * @param <H> the hub type the cluster's v1 objects are decoded into
 */
final class RemoteInformer<H extends KubeObject> implements Lister<H>, Reflector.Handler, AutoCloseable {
  private static final System.Logger LOG = System.getLogger(RemoteInformer.class.getName());
  private final ClusterClient client;
  private final String collection;
  private final String resource;
  private final Function<JsonNode, H> decoder;
  private final Duration syncTimeout;
  private final Map<String, H> items = new ConcurrentHashMap<>();
  private final CountDownLatch synced = new CountDownLatch(1);
  private final Reflector reflector;

  /**
   * @param collection the collection's path in the cluster, e.g. {@code /api/v1/namespaces}
   * @param resource the resource's name in messages, e.g. {@code namespaces}
   * @param decoder a v1 object of the cluster to the hub (may throw IllegalArgumentException)
   */
  RemoteInformer(ClusterClient client, String collection, String resource, Function<JsonNode, H> decoder,
      Duration syncTimeout, long retryMillis) {
    this.client = client;
    this.collection = collection;
    this.resource = resource;
    this.decoder = decoder;
    this.syncTimeout = syncTimeout;
    this.reflector = new Reflector(client, collection, "", true, "core-cluster-" + resource, retryMillis, this);
  }

  @Override
  public Optional<H> get(String namespace, String name) {
    awaitSync();
    return Optional.ofNullable(items.get(key(namespace, name)));
  }

  @Override
  public List<H> list(String namespace) {
    awaitSync();
    return items.values().stream().filter(h -> namespace == null || namespace.equals(h.metadata().namespace)).toList();
  }

  /**
   * GET of the object in the cluster now.
   *
   * @throws dev.customapiserver.api.errors.ApiException 500 when the cluster cannot be asked or
   *     answers other than 200 or 404
   */
  @Override
  public Optional<H> lookup(String namespace, String name) {
    String path = namespace == null ? collection + "/" + name : collection.replaceFirst("^(/api/v1|/apis/[^/]+/[^/]+)",
        "$1/namespaces/" + namespace) + "/" + name;
    try {
      ClusterClient.Response r = client.get(path);
      if (r.code() == 404) {
        return Optional.empty();
      }
      if (!r.ok()) {
        throw Errors.internal(resource + " \"" + name + "\": the core cluster answered " + r.code() + ": "
            + r.body().path("message").asText(""), null);
      }
      return Optional.of(decoder.apply(r.body()));
    } catch (IOException | IllegalArgumentException e) {
      throw Errors.internal(resource + " \"" + name + "\": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw Errors.internal("interrupted while looking up " + resource + " \"" + name + "\"", e);
    }
  }

  private void awaitSync() {
    start();
    try {
      if (!synced.await(syncTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new NotReadyException(resource + " of the core cluster have not been listed yet");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NotReadyException("interrupted while waiting for " + resource + " of the core cluster");
    }
  }

  /** Starts listing and watching (once). */
  void start() {
    reflector.start();
  }

  @Override
  public void listed(JsonNode list) {
    Map<String, H> fresh = new ConcurrentHashMap<>();
    for (JsonNode item : list.path("items")) {
      decode(item).ifPresent(h -> fresh.put(key(h), h));
    }
    items.keySet().retainAll(fresh.keySet());
    items.putAll(fresh);
    synced.countDown();
  }

  @Override
  public void event(String type, JsonNode object) {
    if (type.equals("DELETED")) {
      decode(object).ifPresent(h -> items.remove(key(h)));
    } else {
      decode(object).ifPresent(h -> items.put(key(h), h));
    }
  }

  @Override
  public void failed(IOException e) {
    LOG.log(System.Logger.Level.WARNING, "failed to list and watch " + resource + " of the core cluster at "
        + client.url(collection) + ": " + e.getMessage());
  }

  private Optional<H> decode(JsonNode object) {
    try {
      return Optional.of(decoder.apply(object));
    } catch (IllegalArgumentException e) {
      LOG.log(System.Logger.Level.WARNING, "ignoring " + resource + " \"" + object.path("metadata").path("name").asText()
          + "\" of the core cluster: " + e.getMessage());
      return Optional.empty();
    }
  }

  private static String key(KubeObject o) {
    return key(o.metadata().namespace, o.metadata().name);
  }

  private static String key(String namespace, String name) {
    return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
  }

  @Override
  public void close() {
    reflector.close();
  }
}
