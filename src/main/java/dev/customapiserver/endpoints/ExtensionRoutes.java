package dev.customapiserver.endpoints;

import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.runtime.extension.EndpointRequest;
import dev.customapiserver.runtime.extension.EndpointResponse;
import dev.customapiserver.runtime.extension.ExtensionEndpoint;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.model.Resource;

/**
 * Binds the group modules' extension endpoints to Jersey: one resource per path with its methods;
 * requests become {@link EndpointRequest}s, responses JSON, errors Status (through the error mapper).
 */
final class ExtensionRoutes {
  private final Encoder encoder;
  private final long maxBodyBytes;

  ExtensionRoutes(Encoder encoder, long maxBodyBytes) {
    this.encoder = encoder;
    this.maxBodyBytes = maxBodyBytes;
  }

  /** @throws IllegalArgumentException if two endpoints claim the same method and path */
  List<Resource> resources(List<ExtensionEndpoint> endpoints) {
    Map<String, Map<String, ExtensionEndpoint>> byPath = new LinkedHashMap<>();
    for (ExtensionEndpoint e : endpoints) {
      if (byPath.computeIfAbsent(e.path(), p -> new LinkedHashMap<>()).putIfAbsent(e.method(), e) != null) {
        throw new IllegalArgumentException("two extension endpoints for " + e.method() + " " + e.path());
      }
    }
    List<Resource> resources = new ArrayList<>();
    byPath.forEach((path, methods) -> {
      Resource.Builder b = Resource.builder(path);
      methods.forEach((method, e) -> b.addMethod(method).handledBy(new Handler(call -> serve(e, call), maxBodyBytes)));
      resources.add(b.build());
    });
    return resources;
  }

  private Response serve(ExtensionEndpoint e, Call call) {
    EndpointRequest request = new EndpointRequest(call.pathAll(), call.queryAll(), call.contentType(), call.body(),
        Contexts.of(call).user());
    EndpointResponse response = e.handler().handle(request);
    return encoder.respond(response.status(), response.body(), OutputFormat.JSON, List.of());
  }
}
