package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Encodes hub objects of one resource as JSON in the resource's storage version, and back.
 *
 * @param <H> the hub type
 */
public final class StorageCodec<H extends KubeObject> {
  private final ResourceType<H> type;
  private final Codecs codecs;
  private final ValueTransformer transformer;

  public StorageCodec(ResourceType<H> type, Codecs codecs) {
    this(type, codecs, ValueTransformer.IDENTITY);
  }

  /** Storing through {@code transformer} (encryption at rest). */
  public StorageCodec(ResourceType<H> type, Codecs codecs, ValueTransformer transformer) {
    this.type = type;
    this.codecs = codecs;
    this.transformer = transformer;
  }

  public ResourceType<H> type() {
    return type;
  }

  /**
   * Hub → storage version → JSON bytes → the transformer's (e.g. encrypted) bytes, bound to the
   * hub's location (its namespace and name).
   */
  public byte[] encode(H hub) {
    return transformer.toStorage(json(hub), location(hub.metadata().namespace, hub.metadata().name));
  }

  /**
   * Where an object is stored, as kube names its storage keys: {@code /registry/<resource>/<namespace>/<name>}
   * for the core group, {@code /registry/<group>/<resource>/<namespace>/<name>} otherwise, without the
   * namespace for cluster-scoped objects. Encrypting providers bind values to it.
   */
  public String location(String namespace, String name) {
    GroupResource gr = type.groupResource();
    StringBuilder b = new StringBuilder("/registry/");
    if (!gr.group().isEmpty()) {
      b.append(gr.group()).append('/');
    }
    b.append(gr.resource()).append('/');
    if (namespace != null && !namespace.isEmpty()) {
      b.append(namespace).append('/');
    }
    return b.append(name).toString();
  }

  private byte[] json(H hub) {
    ServedVersion<H, ?> sv = type.storage();
    return codecs.toJson(sv.fromHub(hub, new GroupVersion(type.group(), sv.version()), type.kind()));
  }

  /**
   * The bytes stored for the object {@code name} in {@code namespace} (null or empty when
   * cluster-scoped) → JSON of the storage version (or any served version named by the data's
   * apiVersion) → hub.
   *
   * @throws IllegalStateException if the transformer cannot read them (see {@link ValueTransformer#fromStorage})
   */
  public H decode(byte[] data, String namespace, String name) {
    return fromJson(transformer.fromStorage(data, location(namespace, name)));
  }

  private H fromJson(byte[] data) {
    try {
      var tree = codecs.json().readTree(data);
      String apiVersion = tree.path("apiVersion").asText(null);
      ServedVersion<H, ?> sv = apiVersion == null ? type.storage()
          : type.version(GroupVersion.parse(apiVersion).version()).orElse(type.storage());
      return sv.toHub(codecs.json().treeToValue(tree, sv.type()));
    } catch (IOException e) {
      throw new UncheckedIOException("stored " + type.groupResource() + " object is not readable", e);
    }
  }

  /** A deep copy of a hub object (through the storage encoding). */
  public H copy(H hub) {
    return fromJson(json(hub));
  }
}
