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

  /** Hub → storage version → JSON bytes → the transformer's (e.g. encrypted) bytes. */
  public byte[] encode(H hub) {
    return transformer.toStorage(json(hub));
  }

  private byte[] json(H hub) {
    ServedVersion<H, ?> sv = type.storage();
    return codecs.toJson(sv.fromHub(hub, new GroupVersion(type.group(), sv.version()), type.kind()));
  }

  /** JSON bytes of the storage version (or any served version named by the data's apiVersion) → hub. */
  public H decode(byte[] data) {
    return fromJson(transformer.fromStorage(data));
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
