package dev.customapiserver.endpoints;

import dev.customapiserver.registry.VirtualCreate;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.glassfish.jersey.server.model.Resource;

/**
 * Binds discovery: {@code /api} and {@code /apis} answer aggregated discovery (v2, or v2beta1) when
 * the Accept header asks for it, legacy otherwise; {@code /apis/{g}}, {@code /apis/{g}/{v}} and
 * {@code /api/v1} are legacy documents. All built once.
 */
final class DiscoveryRoutes {
  private static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=%s;as=APIGroupDiscoveryList";
  private final Codecs codecs;
  private final DiscoveryDocuments docs;
  private final Scheme scheme;

  DiscoveryRoutes(Scheme scheme, Codecs codecs) {
    this(scheme, codecs, List.of());
  }

  DiscoveryRoutes(Scheme scheme, Codecs codecs, List<VirtualCreate<?>> virtuals) {
    this.scheme = scheme;
    this.codecs = codecs;
    this.docs = new DiscoveryDocuments(scheme, virtuals);
  }

  List<Resource> resources() {
    List<Resource> out = new ArrayList<>();
    out.add(root("/api", docs.apiVersions(), true));
    out.add(root("/apis", docs.groupList(), false));
    for (ApiGroup g : scheme.groups()) {
      if (!g.name().isEmpty()) {
        out.add(fixed("/apis/" + g.name(), docs.group(g)));
      }
      for (String v : g.versions()) {
        out.add(fixed(RouteBinder.prefix(g.name(), v), docs.resourceList(g, v)));
      }
    }
    return out;
  }

  private Resource root(String path, Map<String, Object> legacy, boolean core) {
    byte[] legacyBody = codecs.toJson(legacy);
    byte[] v2 = codecs.toJson(docs.aggregated(core, "v2"));
    byte[] v2beta1 = codecs.toJson(docs.aggregated(core, "v2beta1"));
    return get(path, call -> {
      String version = aggregatedVersion(call.header("Accept"));
      if (version == null) {
        return json(legacyBody, "application/json");
      }
      return json(version.equals("v2") ? v2 : v2beta1, String.format(AGGREGATED, version));
    });
  }

  private Resource fixed(String path, Map<String, Object> doc) {
    byte[] body = codecs.toJson(doc);
    return get(path, call -> json(body, "application/json"));
  }

  private static Response json(byte[] body, String type) {
    return Response.ok(body).type(type).header("Vary", "Accept").build();
  }

  private static Resource get(String path, Function<Call, Response> handler) {
    Resource.Builder b = Resource.builder(path);
    b.addMethod("GET").handledBy(new Handler(handler, 0));
    return b.build();
  }

  /** The first aggregated discovery version the Accept header lists, or {@code null} for legacy. */
  static String aggregatedVersion(String accept) {
    if (accept == null) {
      return null;
    }
    for (String part : accept.split(",")) {
      OutputFormat.MediaRange r = OutputFormat.MediaRange.parse(part);
      if (r.q() > 0 && "apidiscovery.k8s.io".equals(r.params().get("g")) && "APIGroupDiscoveryList".equals(r.params().get("as"))) {
        String v = r.params().get("v");
        if ("v2".equals(v) || "v2beta1".equals(v)) {
          return v;
        }
      }
      if (r.params().isEmpty() && r.format(false) != null) {
        return null;
      }
    }
    return null;
  }
}
