package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The OpenAPI v3 documents of a Scheme: one per served group-version, and the whole API as one
 * OpenAPI v2 document. Built on first use rather than at construction (building them, the v2
 * protobuf above all, was the largest part of the server's start-up), and again on first use after
 * the Scheme changed (custom resources come and go); each built set is immutable (safe to share
 * between threads).
 */
public final class OpenApiDocuments {
  /**
   * The patch media types the server implements, as advertised on every patch operation of a built-in
   * kind. kubectl picks its patch type from this list (strategic merge only if listed), so add a type
   * here when, and only when, the patch handler accepts it.
   */
  public static final List<String> PATCH_CONTENT_TYPES =
      List.of("application/json-patch+json", "application/merge-patch+json", "application/strategic-merge-patch+json",
          "application/apply-patch+yaml");

  /**
   * The patch media types of a custom resource (and its subresources), as kube's CRD OpenAPI builder
   * advertises them: no strategic merge patch, which needs Go types. kubectl (OpenAPI v3 request body,
   * v2 {@code consumes}) sends a JSON merge patch to a kind whose PATCH does not list strategic merge.
   */
  public static final List<String> CUSTOM_RESOURCE_PATCH_CONTENT_TYPES =
      List.of("application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml");

  /** The title of a document of custom resources only, as kube's CRD OpenAPI builder names it. */
  static final String CRD_TITLE = "Kubernetes CRD Swagger";

  private final Scheme scheme;
  private final Codecs codecs;
  private volatile Built documents;
  /** The group each current v3 document was built from (guarded by this). */
  private Map<String, ApiGroup> builtFrom = Map.of();
  private volatile Swagger swagger;

  /** The v3 documents of one generation of the Scheme. */
  private record Built(long generation, Map<String, Document> documents) {}

  /** The v2 document as JSON and as protobuf, of one generation of the Scheme. */
  private record Swagger(long generation, Document json, Document protobuf) {}

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

  /**
   * The v3 documents of the Scheme as it is now: built on first use and again whenever the Scheme's
   * {@link Scheme#generation() generation} moved (a CRD added, changed or removed), so hashes, ETags and
   * the index follow the served types.
   */
  private Map<String, Document> documents() {
    long generation = scheme.generation();
    Built built = documents;
    if (built == null || built.generation() != generation) {
      synchronized (this) {
        built = documents;
        if (built == null || built.generation() != generation) {
          built = new Built(generation, rebuild(built == null ? Map.of() : built.documents()));
          documents = built;
        }
      }
    }
    return built.documents();
  }

  /**
   * The v3 documents of the groups now served; a document of a group the Scheme still holds as the
   * same instance (a group a CRD change did not touch, every built-in group) is taken over from
   * {@code previous} rather than built again.
   */
  private Map<String, Document> rebuild(Map<String, Document> previous) {
    Map<String, Document> docs = new LinkedHashMap<>();
    Map<String, ApiGroup> sources = new HashMap<>();
    for (ApiGroup group : scheme.groups()) {
      for (String version : group.versions()) {
        List<ResourceType<?>> resources = group.resourcesIn(version);
        if (!resources.isEmpty()) {
          GroupVersion gv = new GroupVersion(group.name(), version);
          String key = SchemaNames.indexKey(gv);
          Document same = previous.get(key);
          docs.put(key, same != null && builtFrom.get(key) == group ? same : new Document(key, write(build(gv, resources, false))));
          sources.put(key, group);
        }
      }
    }
    builtFrom = sources;
    return Collections.unmodifiableMap(docs);
  }

  private Swagger swagger() {
    long generation = scheme.generation();
    Swagger built = swagger;
    if (built == null || built.generation() != generation) {
      synchronized (this) {
        built = swagger;
        if (built == null || built.generation() != generation) {
          ObjectNode v2 = SwaggerV2.of(List.copyOf(buildTrees(true).values()), "unversioned");
          built = new Swagger(generation, new Document("v2", write(v2)),
              new Document("v2", new GnosticV2(codecs.yaml()).encode(v2)));
          swagger = built;
        }
      }
    }
    return built;
  }

  /** One document tree per served group-version; {@code v2} shapes custom resources' schemas for the v2 document. */
  private Map<String, JsonNode> buildTrees(boolean v2) {
    Map<String, JsonNode> built = new LinkedHashMap<>();
    for (ApiGroup group : scheme.groups()) {
      for (String version : group.versions()) {
        List<ResourceType<?>> resources = group.resourcesIn(version);
        if (!resources.isEmpty()) {
          GroupVersion gv = new GroupVersion(group.name(), version);
          built.put(SchemaNames.indexKey(gv), build(gv, resources, v2));
        }
      }
    }
    return built;
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

  private static ObjectNode build(GroupVersion gv, List<ResourceType<?>> resources, boolean v2) {
    TreeMap<String, ObjectNode> schemas = new TreeMap<>();
    TypeSchemas types = new TypeSchemas(SchemaNames.prefix(gv), schemas);
    MetaSchemas.addTo(types);
    ObjectNode paths = JsonNodeFactory.instance.objectNode();
    if (resources.stream().anyMatch(r -> r.scale().isPresent())) {
      ScaleSchemas.define(types);
    }
    for (ResourceType<?> r : resources) {
      boolean custom = r.hubType() == Unstructured.class;
      String kind = custom ? CustomKinds.define(types, gv, r, v2) : Kinds.define(types, gv, r);
      if (custom) {
        new CustomResourcePaths(gv, r, kind, CustomKinds.listName(gv, r), CUSTOM_RESOURCE_PATCH_CONTENT_TYPES)
            .addTo(paths);
      } else {
        new ResourcePaths(gv, r, kind, kind + "List", PATCH_CONTENT_TYPES).addTo(paths);
      }
    }
    // a group-version of custom resources only is kube's CRD OpenAPI controller's document: its builder's
    // info and no security section
    boolean crdsOnly = resources.stream().allMatch(r -> r.hubType() == Unstructured.class);
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("openapi", "3.0.0");
    doc.putObject("info").put("title", crdsOnly ? CRD_TITLE : "custom-apiserver")
        .put("version", crdsOnly ? "v0.1.0" : gv.apiVersion());
    doc.set("paths", paths);
    ObjectNode components = doc.putObject("components");
    components.putObject("schemas").setAll(schemas);
    if (!crdsOnly) {
      components.putObject("securitySchemes").putObject("BearerToken").put("type", "apiKey")
          .put("description", "Bearer Token authentication").put("name", "authorization").put("in", "header");
      doc.putArray("security").addObject().putArray("BearerToken");
    }
    return doc;
  }

  private byte[] write(JsonNode node) {
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
