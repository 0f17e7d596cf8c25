package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.discovery.DiscoveryDocuments;
import dev.customapiserver.endpoints.handlers.ResourceVerbs;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.ServedVersion;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.glassfish.jersey.server.model.Resource;

/**
 * Serves the groups defined while the server runs (custom resources): three routes bound at start,
 * {@code /apis/{group}}, {@code /apis/{group}/{version}} and everything below it, dispatched on
 * each request through the {@link Scheme}'s current groups. Routes bound at start for the built-in
 * groups have more literal characters, so they keep winning; what reaches here for a built-in group
 * is a path nobody serves (404). The verb handlers of a resource are made on its first request and
 * kept until its definition changes.
 */
final class DynamicRoutes {
  private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
  private final Scheme scheme;
  private final ResourceVerbs.Factory factory;
  private final DiscoveryDocuments docs;
  private final Codecs codecs;
  private final long maxBodyBytes;
  private final Map<String, Bound> bound = new ConcurrentHashMap<>();

  /** The handlers made for one definition of a resource in one version. */
  private record Bound(ResourceType<?> type, ResourceVerbs<?> verbs) {}

  /** Where a path leads: the resource, the namespace (null for none), the name and subresource (null for none). */
  private record Target(String plural, String namespace, String name, String subresource, boolean watch) {}

  DynamicRoutes(Scheme scheme, ResourceVerbs.Factory factory, DiscoveryDocuments docs, Codecs codecs, long maxBodyBytes) {
    this.scheme = scheme;
    this.factory = factory;
    this.docs = docs;
    this.codecs = codecs;
    this.maxBodyBytes = maxBodyBytes;
  }

  List<Resource> resources() {
    Resource.Builder group = Resource.builder("/apis/{group}");
    group.addMethod("GET").handledBy(new Handler(call -> json(docs.group(dynamicGroup(call.path("group")))), 0));
    Resource.Builder version = Resource.builder("/apis/{group}/{version}");
    version.addMethod("GET").handledBy(new Handler(call -> {
      ApiGroup g = dynamicGroup(call.path("group"));
      if (!g.versions().contains(call.path("version"))) {
        throw Errors.pathNotFound();
      }
      return json(docs.resourceList(g, call.path("version")));
    }, 0));
    Resource.Builder below = Resource.builder("/apis/{group}/{version}/{path: .+}");
    for (String method : METHODS) {
      below.addMethod(method).handledBy(new Handler(call -> dispatch(method, call), maxBodyBytes));
    }
    return List.of(group.build(), version.build(), below.build());
  }

  private ApiGroup dynamicGroup(String name) {
    if (scheme.builtIn(name)) {
      throw Errors.pathNotFound();
    }
    return scheme.group(name).orElseThrow(Errors::pathNotFound);
  }

  private Response json(Map<String, Object> doc) {
    return Response.ok(codecs.toJson(doc)).type("application/json").header("Vary", "Accept").build();
  }

  private Response dispatch(String method, Call call) {
    String group = call.path("group");
    String version = call.path("version");
    Target t = parse(call.path("path"));
    ApiGroup g = dynamicGroup(group);
    ResourceType<?> type = g.resource(t.plural()).filter(r -> r.servedIn(version)).orElseThrow(Errors::pathNotFound);
    type.version(version).flatMap(ServedVersion::deprecation).ifPresent(call::warn);
    if (t.namespace() != null && !type.namespaced()) {
      throw Errors.pathNotFound();
    }
    ResourceVerbs<?> verbs = verbs(type, version);
    Map<String, String> params = new HashMap<>();
    params.put("group", group);
    params.put("version", version);
    if (t.namespace() != null) {
      params.put("namespace", t.namespace());
    }
    if (t.name() != null) {
      params.put("name", t.name());
    }
    Call c = call.withPath(params);
    Function<Call, Response> handler = handler(method, t, type, verbs);
    if (handler == null) {
      throw Errors.methodNotAllowed();
    }
    return handler.apply(c);
  }

  private ResourceVerbs<?> verbs(ResourceType<?> type, String version) {
    String key = type.group() + "/" + version + "/" + type.plural();
    Bound b = bound.get(key);
    if (b == null || b.type() != type) {
      try {
        b = new Bound(type, factory.verbs(type, version));
      } catch (IllegalArgumentException e) {
        throw Errors.pathNotFound(); // unregistered between the lookup and here
      }
      bound.put(key, b);
    }
    return b.verbs();
  }

  /** The verb for {@code method} on {@code t}; null when the method is not allowed there. */
  private static Function<Call, Response> handler(String method, Target t, ResourceType<?> type, ResourceVerbs<?> v) {
    boolean collection = t.name() == null;
    boolean allNamespaces = type.namespaced() && t.namespace() == null;
    if (t.subresource() != null && t.subresource().equals("scale") && v.scale() != null && !t.watch()) {
      return switch (method) {
        case "GET" -> v.scale()::get;
        case "PUT" -> v.scale()::replace;
        case "PATCH" -> v.scale()::patch;
        default -> null;
      };
    }
    if (t.subresource() != null) {
      if (!t.subresource().equals("status") || !type.hasStatusSubresource() || t.watch()) {
        throw Errors.pathNotFound();
      }
      return switch (method) {
        case "GET" -> v.reads()::get;
        case "PUT" -> v.writes()::replaceStatus;
        case "PATCH" -> v.writes()::patchStatus;
        default -> null;
      };
    }
    if (t.watch()) {
      if (!method.equals("GET") || (allNamespaces && !collection)) {
        return method.equals("GET") ? notFound() : null;
      }
      return collection ? v.reads()::watchCollection : v.reads()::watchItem;
    }
    if (collection) {
      return switch (method) {
        case "GET" -> v.reads()::list;
        case "POST" -> allNamespaces ? null : v.writes()::create;
        case "DELETE" -> allNamespaces ? null : v.writes()::deleteCollection;
        default -> null;
      };
    }
    if (allNamespaces) {
      return notFound();
    }
    return switch (method) {
      case "GET" -> v.reads()::get;
      case "PUT" -> v.writes()::replace;
      case "PATCH" -> v.writes()::patch;
      case "DELETE" -> v.writes()::delete;
      default -> null;
    };
  }

  private static Function<Call, Response> notFound() {
    return call -> {
      throw Errors.pathNotFound();
    };
  }

  /**
   * {@code [watch/][namespaces/{ns}/]{plural}[/{name}[/{subresource}]]}; a path of another shape
   * is 404.
   */
  private static Target parse(String path) {
    List<String> s = Arrays.asList(path.split("/", -1));
    if (s.stream().anyMatch(String::isEmpty)) {
      throw Errors.pathNotFound();
    }
    boolean watch = s.get(0).equals("watch");
    if (watch) {
      s = s.subList(1, s.size());
    }
    String namespace = null;
    if (s.size() >= 3 && s.get(0).equals("namespaces")) {
      namespace = s.get(1);
      s = s.subList(2, s.size());
    }
    if (s.isEmpty() || s.size() > 3) {
      throw Errors.pathNotFound();
    }
    return new Target(s.get(0), namespace, s.size() > 1 ? s.get(1) : null, s.size() > 2 ? s.get(2) : null, watch);
  }
}
