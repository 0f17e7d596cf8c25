package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The OpenAPI v3 documents of a Scheme: one per served group-version, and the whole API as one
 * OpenAPI v2 document. Built once, on first use rather than at construction (building them, the v2
 * protobuf above all, was the largest part of the server's start-up), and immutable afterwards (safe
 * to share between threads).
 */
public final class OpenApiDocuments {
  /**
   * The patch media types the server implements, as advertised on every patch operation. kubectl picks
   * its patch type from this list (strategic merge only if listed), so add a type here when, and only
   * when, the patch handler accepts it.
   */
  public static final List<String> PATCH_CONTENT_TYPES =
      List.of("application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json",
          "application/apply-patch+yaml");

  private final Scheme scheme;
  private final Codecs codecs;
  private volatile Map<String, Document> documents;
  private volatile Swagger swagger;

  /** The v2 document as JSON and as protobuf. */
  private record Swagger(Document json, Document protobuf) {}

  /** One group-version document: its index key ({@code apis/hello.zeng.dev/v2}), JSON and content hash. */
  public static final class Document {
    private final String key;
    private final byte[] json;
    private final String hash;

    Document(String key, byte[] json) {
      this.key = key;
      this.json = json;
      this.hash = sha512(json);
    }

    /** {@code apis/hello.zeng.dev/v2}, or {@code api/v1} for core. */
    public String key() {
      return key;
    }

    /** The document as JSON (a copy). */
    public byte[] json() {
      return json.clone();
    }

    /** Upper-case hex SHA-512 of {@link #json()}: the ETag and the {@code hash} query parameter. */
    public String hash() {
      return hash;
    }

    byte[] bytes() {
      return json;
    }
  }

  public OpenApiDocuments(Scheme scheme, Codecs codecs) {
    this.scheme = scheme;
    this.codecs = codecs;
  }

  private Map<String, Document> documents() {
    Map<String, Document> built = documents;
    if (built == null) {
      synchronized (this) {
        built = documents;
        if (built == null) {
          built = buildDocuments();
          documents = built;
        }
      }
    }
    return built;
  }

  private Swagger swagger() {
    Swagger built = swagger;
    if (built == null) {
      synchronized (this) {
        built = swagger;
        if (built == null) {
          List<com.fasterxml.jackson.databind.JsonNode> v3 = new java.util.ArrayList<>();
          for (Document d : documents().values()) {
            v3.add(read(d.bytes()));
          }
          ObjectNode v2 = SwaggerV2.of(v3, "unversioned");
          built = new Swagger(new Document("v2", write(v2)), new Document("v2", new GnosticV2(codecs.yaml()).encode(v2)));
          swagger = built;
        }
      }
    }
    return built;
  }

  private Map<String, Document> buildDocuments() {
    Map<String, Document> built = new LinkedHashMap<>();
    for (ApiGroup group : scheme.groups()) {
      for (String version : group.versions()) {
        List<ResourceType<?>> resources = group.resourcesIn(version);
        if (!resources.isEmpty()) {
          GroupVersion gv = new GroupVersion(group.name(), version);
          String key = SchemaNames.indexKey(gv);
          built.put(key, new Document(key, write(build(gv, resources))));
        }
      }
    }
    return java.util.Collections.unmodifiableMap(built);
  }

  /** The whole API as one OpenAPI v2 (Swagger 2.0) document, JSON. */
  public Document swaggerJson() {
    return swagger().json();
  }

  /** The same document as gnostic's {@code openapi.v2.Document} protobuf message. */
  public Document swaggerProtobuf() {
    return swagger().protobuf();
  }

  /** The document of an index key ({@code apis/{group}/{version}} or {@code api/v1}). */
  public Optional<Document> document(String key) {
    return Optional.ofNullable(documents().get(key));
  }

  /** Every index key, core first, then groups by name and versions in priority order. */
  public List<String> keys() {
    return List.copyOf(documents().keySet());
  }

  /**
   * The {@code /openapi/v3} index: {@code {"paths":{"api/v1":{"serverRelativeURL":"/openapi/v3/api/v1?hash=..."}}}}.
   *
   * @param basePath the path the application is served under, {@code /} at the root
   */
  public byte[] index(String basePath) {
    ObjectNode index = JsonNodeFactory.instance.objectNode();
    ObjectNode paths = index.putObject("paths");
    for (Document d : documents().values()) {
      paths.putObject(d.key()).put("serverRelativeURL", url(basePath, d));
    }
    return write(index);
  }

  /** The URL of a document with its current hash, under {@code basePath}. */
  static String url(String basePath, Document d) {
    String base = basePath.endsWith("/") ? basePath : basePath + "/";
    return base + "openapi/v3/" + d.key() + "?hash=" + d.hash();
  }

  private static ObjectNode build(GroupVersion gv, List<ResourceType<?>> resources) {
    TreeMap<String, ObjectNode> schemas = new TreeMap<>();
    TypeSchemas types = new TypeSchemas(SchemaNames.prefix(gv), schemas);
    MetaSchemas.addTo(types);
    ObjectNode paths = JsonNodeFactory.instance.objectNode();
    if (resources.stream().anyMatch(r -> r.scale().isPresent())) {
      ScaleSchemas.define(types);
    }
    for (ResourceType<?> r : resources) {
      String kind = Kinds.define(types, gv, r);
      new ResourcePaths(gv, r, kind, kind + "List").addTo(paths);
    }
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("openapi", "3.0.0");
    doc.putObject("info").put("title", "custom-apiserver").put("version", gv.apiVersion());
    doc.set("paths", paths);
    ObjectNode components = doc.putObject("components");
    components.putObject("schemas").setAll(schemas);
    components.putObject("securitySchemes").putObject("BearerToken").put("type", "apiKey")
        .put("description", "Bearer Token authentication").put("name", "authorization").put("in", "header");
    doc.putArray("security").addObject().putArray("BearerToken");
    return doc;
  }

  private com.fasterxml.jackson.databind.JsonNode read(byte[] json) {
    try {
      return codecs.json().readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read back an OpenAPI document", e);
    }
  }

  private byte[] write(ObjectNode node) {
    try {
      return codecs.json().writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialize an OpenAPI document", e);
    }
  }

  private static String sha512(byte[] data) {
    try {
      return HexFormat.of().withUpperCase().formatHex(MessageDigest.getInstance("SHA-512").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-512 is required of every Java platform", e);
    }
  }
}
