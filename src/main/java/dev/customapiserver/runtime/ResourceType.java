package dev.customapiserver.runtime;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.StructuralSchema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Everything the server needs to serve one kind: names, scope, hub type, the versions it is served in
 * (in the group's priority order), its storage version, strategy and selectable fields.
 * Built by a group module with {@link #builder}.
 *
 * <p><b>Cohabitation.</b> A resource normally owns its storage. One built with
 * {@link Builder#storedAs(GroupResource)} is a <em>cohabitant</em>: it is served under its own group
 * and versions (routes, discovery, OpenAPI, authorization and admission attributes, error messages
 * all name its own group), but its objects are another group's resource, the <em>owner</em>: one
 * storage, so the same object, uid, resourceVersion and watch events through either group, as
 * kube-apiserver served Deployments under both {@code extensions} and {@code apps}. A module uses it
 * like this:
 * <pre>{@code
 * ResourceType.builder("events.k8s.io", "Event", "events", Event.class)   // the owner's hub type
 *     .storedAs(new GroupResource("", "events"))                          // core/v1 events' storage
 *     .served(ServedVersion.of("v1", EventsV1Event.class, new EventsV1EventConverter()))
 *     .strategy(sameRulesAsTheOwner)
 *     .build();
 * }</pre>
 * The cohabitant goes into its own {@link ApiGroup} (its module's). Its versioned types convert to
 * and from the owner's hub type; objects are stored in the owner's storage version. Its scope and
 * hub type must be the owner's ({@link Scheme} checks, at start). It brings its own strategy, so
 * pass the owner's when the rules are the same; admission plugins see the group the client used
 * (as kube's attributes do), so a plugin guarding the owner also names the cohabitant's resource.
 * No storage version is needed; {@link #storageVersion()} is then the version the server's own
 * calls (no HTTP request) are attributed to, the first served one unless set.
 *
 * @param <H> the hub type
 */
public final class ResourceType<H extends KubeObject> {
  private final String group;
  private final String kind;
  private final String plural;
  private final String singular;
  private final String listKind;
  private final List<String> shortNames;
  private final List<String> categories;
  private final boolean namespaced;
  private final boolean statusSubresource;
  private final Class<H> hubType;
  private final Map<String, ServedVersion<H, ?>> versions;
  private final Set<String> storedOnly;
  private final String storageVersion;
  private final ResourceStrategy<H> strategy;
  private final Map<String, Function<H, String>> selectableFields;
  private final ScaleSubresource<H> scale;
  private final Map<String, Connector<H>> connectors;
  private final GroupResource storedAs;
  private final String timeToLive;
  private final Map<String, Action<H, ?>> actions;
  private final CreateOnly<H> createOnly;
  private final Map<String, StructuralSchema> schemas;
  private final List<String> verbs;

  private ResourceType(ResourceType<H> t, Set<String> storedOnly) {
    this.group = t.group;
    this.kind = t.kind;
    this.plural = t.plural;
    this.singular = t.singular;
    this.listKind = t.listKind;
    this.shortNames = t.shortNames;
    this.categories = t.categories;
    this.namespaced = t.namespaced;
    this.statusSubresource = t.statusSubresource;
    this.hubType = t.hubType;
    this.versions = t.versions;
    this.storedOnly = Set.copyOf(storedOnly);
    this.storageVersion = t.storageVersion;
    this.strategy = t.strategy;
    this.selectableFields = t.selectableFields;
    this.scale = t.scale;
    this.connectors = t.connectors;
    this.storedAs = t.storedAs;
    this.timeToLive = t.timeToLive;
    this.actions = t.actions;
    this.createOnly = t.createOnly;
    this.schemas = t.schemas;
    this.verbs = t.verbs;
  }

  /**
   * This kind served only in the versions {@code enabled} accepts (kube-apiserver's {@code
   * --runtime-config}); the others stay known for storage and conversion, as {@link
   * Builder#storedOnly stored-only} versions.
   */
  public ResourceType<H> servedOnlyIn(Predicate<String> enabled) {
    Set<String> hidden = new java.util.HashSet<>(storedOnly);
    versions.keySet().stream().filter(enabled.negate()).forEach(hidden::add);
    return hidden.equals(storedOnly) ? this : new ResourceType<>(this, hidden);
  }

  private ResourceType(Builder<H> b) {
    this.group = Objects.requireNonNull(b.group, "group");
    this.kind = b.kind;
    this.plural = b.plural;
    this.singular = b.singular == null ? b.kind.toLowerCase(Locale.ROOT) : b.singular;
    this.listKind = b.listKind == null ? b.kind + "List" : b.listKind;
    this.shortNames = List.copyOf(b.shortNames);
    this.categories = List.copyOf(b.categories);
    this.namespaced = b.namespaced;
    this.statusSubresource = b.statusSubresource;
    this.hubType = b.hubType;
    this.versions = Map.copyOf(b.versions);
    this.storedOnly = Set.copyOf(b.storedOnly);
    this.storedAs = b.storedAs;
    this.timeToLive = b.timeToLive;
    this.actions = Collections.unmodifiableMap(new LinkedHashMap<>(b.actions));
    this.createOnly = b.createOnly;
    this.schemas = Map.copyOf(b.schemas);
    this.verbs = b.verbs;
    String firstServed = b.versions.keySet().stream().findFirst().orElse(null);
    this.storageVersion = Objects.requireNonNull(b.storageVersion != null || b.storedAs == null ? b.storageVersion : firstServed,
        "storageVersion of " + b.kind);
    this.strategy = b.strategy;
    this.selectableFields = Map.copyOf(b.selectableFields);
    this.scale = b.scale;
    this.connectors = Collections.unmodifiableMap(new LinkedHashMap<>(b.connectors));
    if (!versions.containsKey(storageVersion)) {
      throw new IllegalArgumentException(kind + ": storage version " + storageVersion + " is not served");
    }
  }

  public static <H extends KubeObject> Builder<H> builder(String group, String kind, String plural, Class<H> hubType) {
    return new Builder<>(group, kind, plural, hubType);
  }

  public String group() {
    return group;
  }

  public String kind() {
    return kind;
  }

  public String plural() {
    return plural;
  }

  /** The kind of its lists: {@code <Kind>List} unless named otherwise (a CRD's {@code spec.names.listKind}). */
  public String listKind() {
    return listKind;
  }

  public String singular() {
    return singular;
  }

  public List<String> shortNames() {
    return shortNames;
  }

  public List<String> categories() {
    return categories;
  }

  public boolean namespaced() {
    return namespaced;
  }

  /** Whether the kind has a {@code status} subresource (the main resource then ignores status changes). */
  public boolean hasStatusSubresource() {
    return statusSubresource;
  }

  /** The {@code scale} subresource's mapping, if the kind has one. */
  public Optional<ScaleSubresource<H>> scale() {
    return Optional.ofNullable(scale);
  }

  /** The connect-style subresources by name (e.g. {@code log}), in declaration order. */
  public Map<String, Connector<H>> connectors() {
    return connectors;
  }

  /** The create-style subresources by name (e.g. {@code token}), in declaration order. */
  public Map<String, Action<H, ?>> actions() {
    return actions;
  }

  /**
   * Every subresource name the kind serves: {@code status}, {@code scale}, the connect-style
   * ones, then the create-style ones.
   */
  public List<String> subresources() {
    List<String> names = new ArrayList<>();
    if (statusSubresource) {
      names.add("status");
    }
    if (scale != null) {
      names.add("scale");
    }
    names.addAll(connectors.keySet());
    names.addAll(actions.keySet());
    return names;
  }

  public Class<H> hubType() {
    return hubType;
  }

  public GroupResource groupResource() {
    return new GroupResource(group, plural);
  }

  /**
   * The resource whose storage this one shares, if it is a cohabitant (see the class doc); empty
   * for a resource that owns its storage.
   */
  /** The answer of a create-only virtual resource (only POST is served, nothing stored); empty for stored kinds. */
  public Optional<CreateOnly<H>> createOnly() {
    return Optional.ofNullable(createOnly);
  }

  /** The verbs discovery lists when they are not the usual ones (see {@link Builder#verbs}); empty otherwise. */
  public Optional<List<String>> verbs() {
    return Optional.ofNullable(verbs);
  }

  public Optional<GroupResource> storedAs() {
    return Optional.ofNullable(storedAs);
  }

  public ResourceStrategy<H> strategy() {
    return strategy;
  }

  /**
   * The name of the server's duration setting (e.g. {@code event-ttl}) after which, counted from an
   * object's last write, the server deletes it; empty for kinds kept until deleted.
   */
  public Optional<String> timeToLive() {
    return Optional.ofNullable(timeToLive);
  }

  public String storageVersion() {
    return storageVersion;
  }

  /** The version named, if this kind is served in it. */
  public Optional<ServedVersion<H, ?>> version(String version) {
    return Optional.ofNullable(versions.get(version));
  }

  /**
   * The schema a version was given at run time (a CustomResourceDefinition's {@code openAPIV3Schema}),
   * read by OpenAPI and server-side apply; empty for versions with a Java class (their schema is
   * reflected from it) and for custom resources without a structural schema.
   */
  public Optional<StructuralSchema> schema(String version) {
    return Optional.ofNullable(schemas.get(version));
  }

  /** The storage version's definition. */
  public ServedVersion<H, ?> storage() {
    return versions.get(storageVersion);
  }

  /** The names of the versions this kind is served in, in the order they were added (not the stored-only one). */
  public List<String> versionNames() {
    return versions.keySet().stream().filter(v -> !storedOnly.contains(v)).toList();
  }

  /** Whether this kind is served in {@code version} (over HTTP: routes, discovery, OpenAPI). */
  public boolean servedIn(String version) {
    return versions.containsKey(version) && !storedOnly.contains(version);
  }

  /**
   * Field values field selectors can match: {@code metadata.name}, {@code metadata.namespace}
   * (for namespaced kinds) and whatever the group module declares.
   */
  public Map<String, String> fields(H obj) {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("metadata.name", obj.metadata().name == null ? "" : obj.metadata().name);
    if (namespaced) {
      f.put("metadata.namespace", obj.metadata().namespace == null ? "" : obj.metadata().namespace);
    }
    selectableFields.forEach((name, value) -> f.put(name, Objects.toString(value.apply(obj), "")));
    return f;
  }

  /** The names field selectors may use on this kind. */
  public Set<String> fieldNames() {
    Set<String> names = new LinkedHashSet<>();
    names.add("metadata.name");
    if (namespaced) {
      names.add("metadata.namespace");
    }
    names.addAll(selectableFields.keySet());
    return names;
  }

  /** Builds a {@link ResourceType}. */
  public static final class Builder<H extends KubeObject> {
    private final String group;
    private final String kind;
    private final String plural;
    private final Class<H> hubType;
    private String singular;
    private String listKind;
    private final List<String> shortNames = new ArrayList<>();
    private final List<String> categories = new ArrayList<>();
    private boolean namespaced = true;
    private boolean statusSubresource;
    private final Map<String, ServedVersion<H, ?>> versions = new LinkedHashMap<>();
    private final Set<String> storedOnly = new HashSet<>();
    private String storageVersion;
    private ResourceStrategy<H> strategy = new ResourceStrategy<>() {};
    private final Map<String, Function<H, String>> selectableFields = new LinkedHashMap<>();
    private ScaleSubresource<H> scale;
    private final Map<String, Connector<H>> connectors = new LinkedHashMap<>();
    private GroupResource storedAs;
    private String timeToLive;
    private final Map<String, Action<H, ?>> actions = new LinkedHashMap<>();
    private CreateOnly<H> createOnly;
    private final Map<String, StructuralSchema> schemas = new LinkedHashMap<>();
    private List<String> verbs;

    private Builder(String group, String kind, String plural, Class<H> hubType) {
      this.group = group;
      this.kind = kind;
      this.plural = plural;
      this.hubType = hubType;
    }

    /** The list kind, when not {@code <Kind>List}. */
    public Builder<H> listKind(String k) {
      this.listKind = k;
      return this;
    }

    public Builder<H> singular(String s) {
      this.singular = s;
      return this;
    }

    public Builder<H> shortNames(String... names) {
      shortNames.addAll(List.of(names));
      return this;
    }

    public Builder<H> categories(String... names) {
      categories.addAll(List.of(names));
      return this;
    }

    public Builder<H> clusterScoped() {
      this.namespaced = false;
      return this;
    }

    public Builder<H> statusSubresource() {
      this.statusSubresource = true;
      return this;
    }

    /**
     * Serves {@code .../{name}/scale} as {@code autoscaling/v1} Scale (get, update, patch), mapped
     * onto the kind by {@code scale}: what {@code kubectl scale} and autoscalers use.
     */
    public Builder<H> scaleSubresource(ScaleSubresource<H> scale) {
      this.scale = Objects.requireNonNull(scale, "scale");
      return this;
    }

    /**
     * Serves {@code GET .../{name}/<subresource>} through {@code connector} (see {@link Connector}).
     *
     * @throws IllegalArgumentException if the name is taken ({@code status}, {@code scale}) or not a path segment
     */
    public Builder<H> connect(String subresource, Connector<H> connector) {
      if (subresource.isEmpty() || subresource.contains("/") || subresource.equals("status") || subresource.equals("scale")
          || connectors.containsKey(subresource)) {
        throw new IllegalArgumentException(kind + ": connect subresource name \"" + subresource + "\" is not available");
      }
      connectors.put(subresource, Objects.requireNonNull(connector, "connector"));
      return this;
    }

    /**
     * Serves {@code POST .../{name}/<subresource>} through {@code action} (see {@link Action}).
     *
     * @throws IllegalArgumentException if the name is taken or not a path segment
     */
    public Builder<H> action(String subresource, Action<H, ?> action) {
      if (subresource.isEmpty() || subresource.contains("/") || subresource.equals("status") || subresource.equals("scale")
          || connectors.containsKey(subresource) || actions.containsKey(subresource)) {
        throw new IllegalArgumentException(kind + ": subresource name \"" + subresource + "\" is not available");
      }
      actions.put(subresource, Objects.requireNonNull(action, "action"));
      return this;
    }

    public Builder<H> served(ServedVersion<H, ?> v) {
      versions.put(v.version(), v);
      return this;
    }

    /**
     * A version objects are stored (and converted) in but that is not served over HTTP: no routes,
     * discovery nor OpenAPI, as a CRD's storage version with {@code served: false}.
     */
    public Builder<H> storedOnly(ServedVersion<H, ?> v) {
      versions.put(v.version(), v);
      storedOnly.add(v.version());
      return this;
    }

    /**
     * Makes this resource a cohabitant of {@code owner} (another group's resource, e.g.
     * {@code deployments.apps}): served under this builder's group, stored as {@code owner}. See the
     * class doc.
     *
     * @throws IllegalArgumentException if {@code owner} is this very resource
     */
    public Builder<H> storedAs(GroupResource owner) {
      if (owner.equals(new GroupResource(group, plural))) {
        throw new IllegalArgumentException(kind + " cannot be stored as itself");
      }
      this.storedAs = owner;
      return this;
    }

    /**
     * Objects of this kind expire: the server deletes each one the value of its duration setting
     * named {@code setting} (a flag name such as {@code event-ttl}) after its last write, as
     * kube-apiserver stores Events with a TTL. The server fails to start if there is no such
     * setting.
     */
    public Builder<H> timeToLive(String setting) {
      this.timeToLive = Objects.requireNonNull(setting, "setting");
      return this;
    }

    public Builder<H> storageVersion(String v) {
      this.storageVersion = v;
      return this;
    }

    public Builder<H> strategy(ResourceStrategy<H> s) {
      this.strategy = s;
      return this;
    }

    /** An extra field-selector field (e.g. {@code spec.referenceType}); a null value matches as "". */
    public Builder<H> selectableField(String name, Function<H, String> value) {
      selectableFields.put(name, value);
      return this;
    }

    /** The schema of {@code version} when it is defined at run time (see {@link ResourceType#schema}); null is ignored. */
    public Builder<H> schema(String version, StructuralSchema s) {
      if (s != null) {
        schemas.put(version, s);
      }
      return this;
    }

    /** Makes this a create-only virtual resource answered by {@code answer} (see {@link CreateOnly}). */
    public Builder<H> createOnly(CreateOnly<H> answer) {
      this.createOnly = Objects.requireNonNull(answer, "answer");
      return this;
    }

    /**
     * The verbs discovery lists for this resource, in this order, instead of every verb (e.g. a
     * custom resource whose definition is Terminating lists only those that read or delete).
     */
    public Builder<H> verbs(String... names) {
      this.verbs = List.of(names);
      return this;
    }

    public ResourceType<H> build() {
      return new ResourceType<>(this);
    }
  }
}
