package dev.customapiserver.admission.corecluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.admission.Lister;
import dev.customapiserver.admission.Listers;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.client.ClusterClient;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.ServedVersion;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The listers admission reads with {@code --kubeconfig}: Namespaces and the Mutating- and
 * ValidatingWebhookConfigurations come from the core cluster (list and watch there, in v1, as
 * sample-apiserver's shared informer factory over the core cluster's client); every other resource
 * from this server's own storage ({@code local}). NamespaceLifecycle, the webhook plugins and their
 * namespaceSelector thus see the cluster's namespaces, not this server's Namespace resource.
 */
public final class CoreClusterListers implements Listers, AutoCloseable {
  /** The resources read from the core cluster. */
  public static final Set<GroupResource> REMOTE = Set.of(new GroupResource("", "namespaces"),
      new GroupResource("admissionregistration.k8s.io", "mutatingwebhookconfigurations"),
      new GroupResource("admissionregistration.k8s.io", "validatingwebhookconfigurations"));
  private static final String VERSION = "v1";
  private static final long RETRY_MILLIS = 1000;

  private final Listers local;
  private final ClusterClient cluster;
  private final Scheme scheme;
  private final ObjectMapper json;
  private final Duration syncTimeout;
  private final Map<GroupResource, RemoteInformer<?>> informers = new ConcurrentHashMap<>();
  private volatile boolean closed;

  /**
   * @param json the server's JSON mapper (unknown fields of newer clusters are ignored)
   * @param syncTimeout how long a read waits for the cluster's first list
   */
  public CoreClusterListers(Listers local, ClusterClient cluster, Scheme scheme, ObjectMapper json, Duration syncTimeout) {
    this.local = local;
    this.cluster = cluster;
    this.scheme = scheme;
    this.json = json.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    this.syncTimeout = syncTimeout;
  }

  @Override
  public <H extends KubeObject> Lister<H> forResource(GroupResource resource, Class<H> hub) {
    if (!REMOTE.contains(resource)) {
      return local.forResource(resource, hub);
    }
    ResourceType<?> type = scheme.resource(resource.group(), resource.resource())
        .orElseThrow(() -> new IllegalArgumentException(resource + " is not registered"));
    if (!type.hubType().equals(hub)) {
      throw new IllegalArgumentException("the hub type of " + resource + " is " + type.hubType().getName() + ", not "
          + hub.getName());
    }
    @SuppressWarnings("unchecked")
    Lister<H> lister = (Lister<H>) informers.computeIfAbsent(resource, r -> informer(type));
    return lister;
  }

  private <H extends KubeObject> RemoteInformer<H> informer(ResourceType<H> type) {
    ServedVersion<H, ?> v1 = type.version(VERSION).orElseThrow(() -> new IllegalArgumentException(
        type.groupResource() + " is not served in " + VERSION));
    String collection = (type.group().isEmpty() ? "/api/" : "/apis/" + type.group() + "/") + VERSION + "/" + type.plural();
    RemoteInformer<H> informer = new RemoteInformer<>(cluster, collection, type.plural(), node -> decode(v1, node),
        syncTimeout, RETRY_MILLIS);
    if (closed) {
      informer.close();
    }
    return informer;
  }

  private <H extends KubeObject> H decode(ServedVersion<H, ?> version, JsonNode node) {
    try {
      KubeObject versioned = json.treeToValue(node, version.type());
      version.applyDefaults(versioned);
      return version.toHub(versioned);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("cannot decode: " + e.getMessage(), e);
    }
  }

  /** Starts listing and watching every resource a plugin asked for. */
  public void start() {
    informers.values().forEach(RemoteInformer::start);
  }

  @Override
  public void close() {
    closed = true;
    informers.values().forEach(RemoteInformer::close);
  }
}
