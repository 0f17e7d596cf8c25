package dev.customapiserver.endpoints.discovery;

import dev.customapiserver.api.autoscaling.Scale;
import dev.customapiserver.runtime.ResourceType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The subresources of a kind as discovery lists them: {@code status} (its own kind), {@code scale}
 * (autoscaling/v1 Scale) with get, patch and update; connect-style ones with get.
 */
final class SubresourceDiscovery {
  static final List<String> WRITABLE = List.of("get", "patch", "update");
  static final List<String> CONNECT = List.of("get");
  static final List<String> ACTION = List.of("create");

  private SubresourceDiscovery() {}

  /** One subresource: its name, the kind it answers with ({@code group}/{@code version}/{@code kind}) and verbs. */
  record Entry(String name, String group, String version, String kind, List<String> verbs) {}

  /** The subresources of {@code r} served in {@code version}, in the order of {@link ResourceType#subresources()}. */
  static List<Entry> of(ResourceType<?> r, String version) {
    List<Entry> entries = new ArrayList<>();
    if (r.hasStatusSubresource()) {
      entries.add(new Entry("status", r.group(), version, r.kind(), WRITABLE));
    }
    if (r.scale().isPresent()) {
      entries.add(new Entry("scale", "autoscaling", "v1", Scale.KIND, WRITABLE));
    }
    r.connectors().keySet().forEach(name -> entries.add(new Entry(name, r.group(), version, r.kind(), CONNECT)));
    r.actions().forEach((name, a) -> entries.add(new Entry(name, a.kind().group(), a.kind().version(), a.kind().kind(), ACTION)));
    return entries;
  }

  /** Legacy APIResource entries ({@code foos/status}); group and version only when they differ from the resource's. */
  static List<Map<String, Object>> legacy(ResourceType<?> r, String version) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Entry e : of(r, version)) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", r.plural() + "/" + e.name());
      m.put("singularName", "");
      m.put("namespaced", r.namespaced());
      if (!e.group().equals(r.group()) || !e.version().equals(version)) {
        m.put("group", e.group());
        m.put("version", e.version());
      }
      m.put("kind", e.kind());
      m.put("verbs", e.verbs());
      out.add(m);
    }
    return out;
  }

  /** apidiscovery.k8s.io/v2 APISubresourceDiscovery entries. */
  static List<Object> aggregated(ResourceType<?> r, String version) {
    List<Object> out = new ArrayList<>();
    for (Entry e : of(r, version)) {
      Map<String, Object> kind = new LinkedHashMap<>();
      kind.put("group", e.group());
      kind.put("version", e.version());
      kind.put("kind", e.kind());
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("subresource", e.name());
      m.put("responseKind", kind);
      m.put("verbs", e.verbs());
      out.add(m);
    }
    return out;
  }
}
