package dev.customapiserver.endpoints;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.handlers.ActionHandler;
import dev.customapiserver.endpoints.handlers.ConnectHandler;
import dev.customapiserver.endpoints.handlers.ReadHandlers;
import dev.customapiserver.endpoints.handlers.ScaleHandlers;
import dev.customapiserver.endpoints.handlers.WriteHandlers;
import dev.customapiserver.runtime.ResourceType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.glassfish.jersey.server.model.Resource;

/**
 * Builds the Jersey resources of one resource type in one version: the collection and item paths
 * for its scope (and the all-namespaces list for namespaced kinds), its subresources ({@code status},
 * {@code scale}, connect-style), each verb bound to its handler.
 */
final class RouteBinder {
  private final long maxBodyBytes;

  RouteBinder(long maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  /** {@code /api/v1} for the core group, {@code /apis/{group}/{version}} otherwise. */
  static String prefix(String group, String version) {
    return group.isEmpty() ? "/api/" + version : "/apis/" + group + "/" + version;
  }

  /**
   * The routes of {@code type} in {@code version}; {@code scale} is null when the kind has no scale
   * subresource, {@code connects} holds its connect-style subresources by name.
   */
  <H extends KubeObject> List<Resource> bind(ResourceType<H> type, ReadHandlers<H> reads, WriteHandlers<H> writes,
      ScaleHandlers<H> scale, Map<String, ConnectHandler<H>> connects, String version) {
    String prefix = prefix(type.group(), version);
    List<Resource> resources = new ArrayList<>();
    String collection = type.namespaced() ? prefix + "/namespaces/{namespace}/" + type.plural() : prefix + "/" + type.plural();
    Resource.Builder b = Resource.builder(collection);
    method(b, "GET", reads::list);
    method(b, "POST", writes::create);
    method(b, "DELETE", writes::deleteCollection);
    Resource.Builder item = b.addChildResource("{name}");
    method(item, "GET", reads::get);
    method(item, "PUT", writes::replace);
    method(item, "PATCH", writes::patch);
    method(item, "DELETE", writes::delete);
    resources.add(b.build());
    String object = collection + "/{name}/";
    if (type.hasStatusSubresource()) {
      Resource.Builder status = Resource.builder(object + "status");
      method(status, "GET", reads::get);
      method(status, "PUT", writes::replaceStatus);
      method(status, "PATCH", writes::patchStatus);
      resources.add(status.build());
    }
    if (scale != null) {
      Resource.Builder s = Resource.builder(object + "scale");
      method(s, "GET", scale::get);
      method(s, "PUT", scale::replace);
      method(s, "PATCH", scale::patch);
      resources.add(s.build());
    }
    connects.forEach((name, handler) -> {
      Resource.Builder c = Resource.builder(object + name);
      method(c, "GET", handler::get);
      resources.add(c.build());
    });
    if (type.namespaced()) {
      Resource.Builder all = Resource.builder(prefix + "/" + type.plural());
      method(all, "GET", reads::list);
      resources.add(all.build());
      Resource.Builder w = Resource.builder(prefix + "/watch/namespaces/{namespace}/" + type.plural());
      method(w, "GET", reads::watchCollection);
      method(w.addChildResource("{name}"), "GET", reads::watchItem);
      resources.add(w.build());
      Resource.Builder wAll = Resource.builder(prefix + "/watch/" + type.plural());
      method(wAll, "GET", reads::watchCollection);
      resources.add(wAll.build());
    } else {
      Resource.Builder w = Resource.builder(prefix + "/watch/" + type.plural());
      method(w, "GET", reads::watchCollection);
      method(w.addChildResource("{name}"), "GET", reads::watchItem);
      resources.add(w.build());
    }
    return resources;
  }

  /** The routes of {@code type}'s create-style subresources in {@code version}: POST each. */
  <H extends KubeObject> List<Resource> bindActions(ResourceType<H> type, Map<String, ActionHandler<H, ?>> actions,
      String version) {
    String prefix = prefix(type.group(), version);
    String collection = type.namespaced() ? prefix + "/namespaces/{namespace}/" + type.plural() : prefix + "/" + type.plural();
    List<Resource> resources = new ArrayList<>();
    actions.forEach((name, handler) -> {
      Resource.Builder a = Resource.builder(collection + "/{name}/" + name);
      method(a, "POST", handler::post);
      resources.add(a.build());
    });
    return resources;
  }

  private void method(Resource.Builder b, String httpMethod, Function<Call, Response> verb) {
    b.addMethod(httpMethod).handledBy(new Handler(verb, maxBodyBytes));
  }
}
