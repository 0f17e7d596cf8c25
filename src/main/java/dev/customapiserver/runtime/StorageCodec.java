package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes hub objects of one resource as JSON in the resource's storage version, and back.
 *
 * @param <H> the hub type
 */
public final class StorageCodec<H extends KubeObject> {
  private final ResourceType<H> type;
  private final Codecs codecs;
  private final ValueTransformer transformer;
  /** A resourceVersion no object has (not a number), found again in the encoded bytes. */
  private static final String MARKER = "#resourceVersion#";
  private static final byte[] MARKER_JSON = ("\"resourceVersion\":\"" + MARKER + "\"").getBytes(StandardCharsets.US_ASCII);

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
    ServedVersion<H, ?> storage = type.storage();
    String storageApiVersion = new GroupVersion(type.group(), storage.version()).apiVersion();
    try {
      // what encode writes: the storage version, bound at once without an intermediate tree
      KubeObject v = codecs.json().readValue(data, storage.type());
      if (v != null && (v.apiVersion == null || v.apiVersion.equals(storageApiVersion))) {
        return storage.toHub(v);
      }
    } catch (IOException e) {
      // written in another version whose shape the storage version cannot hold: read it as that version
    }
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

  /**
   * Encodes {@code hub} once for any resourceVersion: {@link Template#encode} gives the bytes
   * {@link #encode} would give with {@code metadata.resourceVersion} set to its argument, so a
   * store can encode before it draws the revision. {@code hub} is left as it was.
   */
  public Template template(H hub) {
    String saved = hub.metadata().resourceVersion;
    hub.metadata().resourceVersion = MARKER;
    byte[] json;
    try {
      json = json(hub);
    } finally {
      hub.metadata().resourceVersion = saved;
    }
    return new Template(hub, json, indexOfMarker(json));
  }

  /** An object encoded with a resourceVersion still to fill in. */
  public final class Template {
    private final H hub;
    private final byte[] json;
    private final int at;

    private Template(H hub, byte[] json, int at) {
      this.hub = hub;
      this.json = json;
      this.at = at;
    }

    /** The stored bytes of the object with {@code resourceVersion} (a number). */
    public byte[] encode(String resourceVersion) {
      if (at < 0) { // the placeholder is not where we can tell it apart: encode the object again
        String saved = hub.metadata().resourceVersion;
        hub.metadata().resourceVersion = resourceVersion;
        try {
          return StorageCodec.this.encode(hub);
        } finally {
          hub.metadata().resourceVersion = saved;
        }
      }
      byte[] rv = resourceVersion.getBytes(StandardCharsets.US_ASCII);
      int from = at + MARKER_JSON.length - MARKER.length() - 1;
      byte[] out = new byte[json.length - MARKER.length() + rv.length];
      System.arraycopy(json, 0, out, 0, from);
      System.arraycopy(rv, 0, out, from, rv.length);
      System.arraycopy(json, from + MARKER.length(), out, from + rv.length, json.length - from - MARKER.length());
      return transformer.toStorage(out, location(hub.metadata().namespace, hub.metadata().name));
    }
  }

  /** Where in {@link #MARKER_JSON} its first {@code #} is: rare in JSON, so the search looks for that byte. */
  private static final int ANCHOR = ("\"resourceVersion\":\"").length();

  /** The offset of the only occurrence of {@link #MARKER_JSON} in {@code data}, else -1. */
  private static int indexOfMarker(byte[] data) {
    byte[] what = MARKER_JSON;
    int found = -1;
    for (int i = ANCHOR, end = data.length - what.length + ANCHOR; i <= end; i++) {
      if (data[i] == '#' && Arrays.equals(data, i - ANCHOR, i - ANCHOR + what.length, what, 0, what.length)) {
        if (found >= 0) {
          return -1;
        }
        found = i - ANCHOR;
      }
    }
    return found;
  }

  /**
   * A deep copy of a hub object through the storage version, as {@link #encode} then {@link #decode}
   * would give it, without printing and parsing JSON text.
   */
  public H copy(H hub) {
    return copy(hub, type.storage());
  }

  private <V extends KubeObject> H copy(H hub, ServedVersion<H, V> sv) {
    V versioned = sv.fromHub(hub, new GroupVersion(type.group(), sv.version()), type.kind());
    return sv.toHub(codecs.copy(versioned, sv.type()));
  }
}
