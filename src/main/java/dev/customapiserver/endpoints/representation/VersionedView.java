package dev.customapiserver.endpoints.representation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Decoded;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.MetaProtobuf;
import dev.customapiserver.runtime.ProtoMessage;
import dev.customapiserver.runtime.SchemaProtobuf;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.storage.ListPage;
import java.util.ArrayList;
import java.util.List;

/**
 * One resource seen through one served version: hub objects out as versioned objects with
 * apiVersion and kind, request bodies in as defaulted hub objects.
 */
public final class VersionedView<H extends KubeObject> {
  static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
  private final ResourceType<H> type;
  private final ServedVersion<H, ?> version;
  private final GroupVersion gv;
  private final BodyDecoder decoder;
  private final EncodedObjects encoded = new EncodedObjects(2048);
  /** The version's protobuf encoding, when it serves protobuf; else null. */
  private final SchemaProtobuf protobuf;

  public VersionedView(ResourceType<H> type, ServedVersion<H, ?> version, BodyDecoder decoder) {
    this.type = type;
    this.version = version;
    this.gv = new GroupVersion(type.group(), version.version());
    this.decoder = decoder;
    this.protobuf = version.servesProtobuf() ? decoder.protobuf(version.type()) : null;
  }

  /** Whether objects of this version can go out as Kubernetes protobuf. */
  public boolean servesProtobuf() {
    return protobuf != null;
  }

  /** A versioned object ({@link #out}) as a Kubernetes protobuf body; only where {@link #servesProtobuf}. */
  public byte[] protobuf(KubeObject versioned) {
    return protobuf.envelope(versioned);
  }

  /** A list of versioned objects ({@link #outList}) as a Kubernetes protobuf body; only where {@link #servesProtobuf}. */
  public byte[] protobuf(KubeList<KubeObject> list) {
    return protobuf.envelope(list);
  }

  /** A watch bookmark of this version (only metadata) as a Kubernetes protobuf body. */
  public byte[] protobufBookmark(ObjectMeta meta) {
    return MetaProtobuf.envelope(gv.apiVersion(), type.kind(), new ProtoMessage().bytes(1, MetaProtobuf.objectMeta(meta)).toByteString());
  }

  public ResourceType<H> type() {
    return type;
  }

  public ServedVersion<H, ?> version() {
    return version;
  }

  public GroupVersion groupVersion() {
    return gv;
  }

  /** The JSON of recently watched objects in this version, shared by all watches of it. */
  public EncodedObjects encoded() {
    return encoded;
  }

  public KubeObject out(H hub) {
    return version.fromHub(hub, gv, type.kind());
  }

  public List<KubeObject> out(List<H> hubs) {
    return new ArrayList<>(version.fromHubs(hubs, gv, type.kind()));
  }

  public KubeList<KubeObject> outList(ListPage<H> page) {
    return new KubeList<>(gv.apiVersion(), type.kind() + "List", listMeta(page), out(page.items()));
  }

  public static ListMeta listMeta(ListPage<?> page) {
    return new ListMeta(Long.toString(page.resourceVersion()), page.continueToken(), page.remainingItemCount());
  }

  /** Parses a request body (JSON, YAML, or protobuf where the version accepts it) into a defaulted hub object. */
  public Decoded<H> in(byte[] body, String contentType, FieldValidation mode) {
    if (contentType.equals(PROTOBUF) && version.acceptsProtobuf()) {
      return new Decoded<>(fromProtobuf(body), List.of());
    }
    boolean yaml = contentType.endsWith("yaml");
    if (!yaml && !contentType.equals("application/json")) {
      throw Errors.unsupportedMediaType(contentType, version.acceptsProtobuf()
          ? List.of("application/json", "application/yaml", PROTOBUF) : List.of("application/json", "application/yaml"));
    }
    StructuralSchema schema = schema();
    if (schema != null) {
      // a custom resource: duplicate and unknown fields are reported together, as kube's one strict decoding error
      Decoded<JsonNode> tree = decoder.parseTree(body, yaml, mode == FieldValidation.STRICT ? FieldValidation.WARN : mode);
      return in(tree.value(), mode, schema, tree.warnings(), true);
    }
    if (mode != FieldValidation.STRICT) {
      Decoded<JsonNode> tree = decoder.parseTree(body, yaml, mode);
      Decoded<H> hub = in(tree.value(), mode);
      List<String> warnings = new ArrayList<>(tree.warnings());
      warnings.addAll(hub.warnings());
      return new Decoded<>(hub.value(), warnings);
    }
    // Strict: duplicate and unknown fields are one 400 after kube's "<Kind> in version ... cannot be handled as"
    Decoded<JsonNode> tree = decoder.parseTree(body, yaml, FieldValidation.WARN);
    checkType(tree.value().path("apiVersion").asText(""), tree.value().path("kind").asText(""));
    String what = type.kind() + " in version \"" + version.version() + "\"";
    Decoded<? extends KubeObject> v = decoder.bind(tree.value(), version.type(), FieldValidation.WARN, what, type.kind());
    List<String> problems = new ArrayList<>(tree.warnings());
    problems.addAll(v.warnings());
    if (!problems.isEmpty()) {
      throw Errors.badRequest(what + " cannot be handled as a " + type.kind() + ": strict decoding error: "
          + String.join(", ", problems));
    }
    version.applyDefaults(v.value());
    return new Decoded<>(version.toHub(v.value()), List.of());
  }

  private H fromProtobuf(byte[] body) {
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(body);
    checkType(e.apiVersion(), e.kind());
    KubeObject v = protobuf != null ? protobuf.decode(e.raw()) : version.protobuf().apply(e.raw());
    version.applyDefaults(v);
    return version.toHub(v);
  }

  /** Binds a parsed body of this version; checks its apiVersion and kind against the URL's. */
  public Decoded<H> in(JsonNode tree, FieldValidation mode) {
    StructuralSchema schema = schema();
    if (schema != null) {
      return in(tree, mode, schema, List.of(), false);
    }
    checkType(tree.path("apiVersion").asText(""), tree.path("kind").asText(""));
    String what = type.kind() + " in version \"" + version.version() + "\"";
    Decoded<? extends KubeObject> v = decoder.bind(tree, version.type(), mode, what, type.kind());
    version.applyDefaults(v.value());
    return new Decoded<>(version.toHub(v.value()), v.warnings());
  }

  /** The version's run-time schema (a custom resource's), or null. */
  private StructuralSchema schema() {
    return type.schema(version.version()).orElse(null);
  }

  /**
   * Binds a custom resource's body as kube-apiserver decodes one: unknown metadata fields and the
   * fields its schema prunes follow the duplicate fields found while parsing, in that order; Strict makes them one 400
   * ({@code strict decoding error: unknown field "spec.foo"}, after {@code <Kind> in version "v1" cannot be
   * handled as a <Kind>:} for a create or update body as kube words it), Warn returns them as warnings,
   * Ignore drops them silently.
   */
  private Decoded<H> in(JsonNode tree, FieldValidation mode, StructuralSchema schema, List<String> duplicates, boolean body) {
    checkType(tree.path("apiVersion").asText(""), tree.path("kind").asText(""));
    String what = type.kind() + " in version \"" + version.version() + "\"";
    FieldValidation bindMode = mode == FieldValidation.STRICT ? FieldValidation.WARN : mode;
    Decoded<? extends KubeObject> v = decoder.bind(tree, version.type(), bindMode, what, type.kind());
    List<String> problems = new ArrayList<>(duplicates);
    if (mode != FieldValidation.IGNORE) {
      // kube's order: the decoder's duplicates, metadata's unknown fields (met in its re-marshalled, so
      // sorted, metadata), then the fields the schema prunes (sorted)
      problems.addAll(v.warnings().stream().sorted().toList());
      UnknownFields.of(schema, tree).forEach(f -> problems.add("unknown field \"" + f + "\""));
    }
    if (mode == FieldValidation.STRICT && !problems.isEmpty()) {
      throw Errors.badRequest((body ? what + " cannot be handled as a " + type.kind() + ": " : "")
          + "strict decoding error: " + String.join(", ", problems));
    }
    version.applyDefaults(v.value());
    return new Decoded<>(version.toHub(v.value()), mode == FieldValidation.WARN ? problems : List.of());
  }

  private void checkType(String apiVersion, String kind) {
    if (!apiVersion.isEmpty() && !apiVersion.equals(gv.apiVersion())) {
      throw Errors.badRequest("the API version in the data (" + apiVersion + ") does not match the expected API version ("
          + gv.apiVersion() + ")");
    }
    if (!kind.isEmpty() && !kind.equals(type.kind())) {
      throw Errors.badRequest("the kind in the data (" + kind + ") does not match the expected kind (" + type.kind() + ")");
    }
  }
}
