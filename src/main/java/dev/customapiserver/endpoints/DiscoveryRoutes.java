package dev.customapiserver.endpoints;

import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.discovery.DiscoveryCache;
import dev.customapiserver.endpoints.discovery.DiscoveryDocuments;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
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
  private final DiscoveryCache cache;

  DiscoveryRoutes(Scheme scheme, Codecs codecs) {
    this(scheme, codecs, new DiscoveryDocuments(scheme, List.of()));
  }

  DiscoveryRoutes(Scheme scheme, Codecs codecs, List<VirtualResource<?>> virtuals) {
    this(scheme, codecs, new DiscoveryDocuments(scheme, virtuals));
  }

  DiscoveryRoutes(Scheme scheme, Codecs codecs, DiscoveryDocuments docs) {
    this.scheme = scheme;
    this.codecs = codecs;
    this.docs = docs;
    this.cache = new DiscoveryCache(scheme, codecs);
  }

  List<Resource> resources() {
    List<Resource> out = new ArrayList<>();
    out.add(root("/api", docs::apiVersions, true));
    out.add(root("/apis", docs::groupList, false));
    for (ApiGroup g : scheme.groups()) {
      if (!g.name().isEmpty() && !g.versions().isEmpty()) {
        out.add(fixed("/apis/" + g.name(), docs.group(g)));
      }
      for (String v : g.versions()) {
        out.add(fixed(RouteBinder.prefix(g.name(), v), docs.resourceList(g, v)));
      }
    }
    return out;
  }

  /**
   * {@code /api} or {@code /apis}: rebuilt when the groups change (custom resources come and go);
   * the aggregated document carries an ETag and answers {@code If-None-Match} with 304, as
   * kube-apiserver's does, so clients refresh their cache when it changes.
   */
  private Resource root(String path, Supplier<Map<String, Object>> legacy, boolean core) {
    return get(path, call -> {
      String version = aggregatedVersion(call.header("Accept"));
      if (version == null) {
        return json(cache.get(path, legacy).body(), "application/json");
      }
      DiscoveryCache.Rendered r = cache.get(path + " " + version, () -> docs.aggregated(core, version));
      String type = String.format(AGGREGATED, version);
      String ifNoneMatch = call.header("If-None-Match");
      if (ifNoneMatch != null && ifNoneMatch.equals(r.etag())) {
        return Response.notModified().header("ETag", r.etag()).header("Vary", "Accept").type(type).build();
      }
      return Response.ok(r.body()).type(type).header("Vary", "Accept").header("ETag", r.etag()).build();
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
