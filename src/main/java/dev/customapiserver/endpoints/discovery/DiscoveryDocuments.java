package dev.customapiserver.endpoints.discovery;

import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The discovery documents, built once from the Scheme: legacy (APIVersions, APIGroupList, APIGroup,
 * APIResourceList) and aggregated (apidiscovery.k8s.io/v2 APIGroupDiscoveryList).
 */
public final class DiscoveryDocuments {
  static final List<String> VERBS = List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");
  private final Scheme scheme;
  private final List<VirtualResource<?>> virtuals;

  DiscoveryDocuments(Scheme scheme) {
    this(scheme, List.of());
  }

  /** With the create-only resources (listed with the verb {@code create} in their group's version). */
  public DiscoveryDocuments(Scheme scheme, List<VirtualResource<?>> virtuals) {
    this.scheme = scheme;
    this.virtuals = List.copyOf(virtuals);
  }

  private List<VirtualResource<?>> virtualsIn(String group, String version) {
    return virtuals.stream().filter(v -> v.group().equals(group) && v.version().equals(version)).toList();
  }

  public Map<String, Object> apiVersions() {
    return ordered("kind", "APIVersions", "versions", List.of("v1"), "serverAddressByClientCIDRs",
        List.of(ordered("clientCIDR", "0.0.0.0/0", "serverAddress", "")));
  }

  public Map<String, Object> groupList() {
    List<Object> groups = new ArrayList<>();
    for (ApiGroup g : scheme.groups()) {
      if (!g.name().isEmpty() && !g.versions().isEmpty()) { // every version turned off: not served
        groups.add(groupEntry(g)); // items of a list carry no kind and apiVersion, as kube's
      }
    }
    return ordered("kind", "APIGroupList", "apiVersion", "v1", "groups", groups);
  }

  public Map<String, Object> group(ApiGroup g) {
    Map<String, Object> doc = ordered("kind", "APIGroup", "apiVersion", "v1");
    doc.putAll(groupEntry(g));
    return doc;
  }

  private Map<String, Object> groupEntry(ApiGroup g) {
    List<Object> versions = g.versions().stream().map(v -> (Object) groupVersion(g.name(), v)).toList();
    return ordered("name", g.name(), "versions", versions, "preferredVersion", groupVersion(g.name(), g.preferredVersion()));
  }

  public Map<String, Object> resourceList(ApiGroup g, String version) {
    List<Object> resources = new ArrayList<>();
    for (ResourceType<?> r : g.resourcesIn(version)) {
      Map<String, Object> m = ordered("name", r.plural(), "singularName", r.singular(), "namespaced", r.namespaced(),
          "kind", r.kind(), "verbs", verbs(r));
      if (!r.shortNames().isEmpty()) {
        m.put("shortNames", r.shortNames());
      }
      if (!r.categories().isEmpty()) {
        m.put("categories", r.categories());
      }
      ResourceType<?> owner = scheme.owner(r); // a cohabitant shares its owner's hash
      if (!storedOnly(owner, owner.storageVersion())) { // kube's CRD discovery hashes only a served storage version
        m.put("storageVersionHash", storageVersionHash(owner));
      }
      resources.add(m);
      resources.addAll(SubresourceDiscovery.legacy(r, version));
    }
    for (VirtualResource<?> v : virtualsIn(g.name(), version)) {
      resources.add(ordered("name", v.plural(), "singularName", v.singular(), "namespaced", v.namespaced(),
          "kind", v.kind(), "verbs", List.of("create")));
    }
    String gv = g.name().isEmpty() ? version : g.name() + "/" + version;
    return ordered("kind", "APIResourceList", "apiVersion", "v1", "groupVersion", gv, "resources", resources);
  }

  /** The aggregated list of the core group ({@code core=true}, for /api) or of all other groups (/apis). */
  public Map<String, Object> aggregated(boolean core, String discoveryVersion) {
    List<Object> items = new ArrayList<>();
    for (ApiGroup g : scheme.groups()) {
      if (g.name().isEmpty() != core || g.versions().isEmpty()) {
        continue;
      }
      List<Object> versions = new ArrayList<>();
      for (String v : g.versions()) {
        List<Object> resources = new ArrayList<>();
        for (ResourceType<?> r : g.resourcesIn(v)) {
          Map<String, Object> m = ordered("resource", r.plural(),
              "responseKind", ordered("group", g.name(), "version", v, "kind", r.kind()),
              "scope", r.namespaced() ? "Namespaced" : "Cluster", "singularResource", r.singular(), "verbs", verbs(r));
          if (!r.shortNames().isEmpty()) {
            m.put("shortNames", r.shortNames());
          }
          if (!r.categories().isEmpty()) {
            m.put("categories", r.categories());
          }
          List<Object> subresources = SubresourceDiscovery.aggregated(r, v);
          if (!subresources.isEmpty()) {
            m.put("subresources", subresources);
          }
          resources.add(m);
        }
        for (VirtualResource<?> vc : virtualsIn(g.name(), v)) {
          resources.add(ordered("resource", vc.plural(),
              "responseKind", ordered("group", g.name(), "version", v, "kind", vc.kind()),
              "scope", vc.namespaced() ? "Namespaced" : "Cluster", "singularResource", vc.singular(),
              "verbs", List.of("create")));
        }
        versions.add(ordered("version", v, "resources", resources, "freshness", "Current"));
      }
      // kube 1.36 omits the zero creationTimestamp (omitzero), so the core group's metadata is empty
      Map<String, Object> meta = g.name().isEmpty() ? ordered() : ordered("name", g.name());
      items.add(ordered("metadata", meta, "versions", versions));
    }
    return ordered("kind", "APIGroupDiscoveryList", "apiVersion", "apidiscovery.k8s.io/" + discoveryVersion,
        "metadata", Map.of(), "items", items);
  }

  /** The type's own verbs if it names them, else only create for a create-only virtual resource, else every verb. */
  static List<String> verbs(ResourceType<?> r) {
    return r.verbs().orElse(r.createOnly().isPresent() ? List.of("create") : VERBS);
  }

  /** Whether {@code version} is one {@code r} is stored in but not served in (a CRD version with served: false). */
  private static boolean storedOnly(ResourceType<?> r, String version) {
    return r.version(version).isPresent() && !r.servedIn(version);
  }

  private static Map<String, Object> groupVersion(String group, String version) {
    return ordered("groupVersion", group + "/" + version, "version", version);
  }

  private static String storageVersionHash(ResourceType<?> r) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(
          (r.group() + "/" + r.storageVersion() + "/" + r.kind()).getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(Arrays.copyOf(d, 8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Object> ordered(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}
