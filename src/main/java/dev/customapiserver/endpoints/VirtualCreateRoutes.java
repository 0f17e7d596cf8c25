package dev.customapiserver.endpoints;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.call.QueryOptions;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.registry.VirtualResource;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Decoded;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.runtime.KubeProtobuf;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.jersey.server.model.Resource;

/**
 * Binds the {@link VirtualResource} resources: a POST route on each collection (under {@code
 * /namespaces/{namespace}} for namespaced ones), decoding the body, calling the handler and
 * answering 201 with the result in the resource's apiVersion and kind.
 */
final class VirtualCreateRoutes {
  private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
  private final Encoder encoder;
  private final BodyDecoder decoder;
  private final Codecs codecs;
  private final long maxBodyBytes;

  VirtualCreateRoutes(Encoder encoder, BodyDecoder decoder, Codecs codecs, long maxBodyBytes) {
    this.encoder = encoder;
    this.decoder = decoder;
    this.codecs = codecs;
    this.maxBodyBytes = maxBodyBytes;
  }

  List<Resource> resources(List<VirtualResource<?>> creates) {
    List<Resource> out = new ArrayList<>();
    for (VirtualResource<?> c : creates) {
      String prefix = RouteBinder.prefix(c.group(), c.version());
      String path = c.namespaced() ? prefix + "/namespaces/{namespace}/" + c.plural() : prefix + "/" + c.plural();
      Resource.Builder b = Resource.builder(path);
      b.addMethod("POST").handledBy(new Handler(call -> serve(c, call), maxBodyBytes));
      out.add(b.build());
    }
    return out;
  }

  private <T> Response serve(VirtualResource<T> c, Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    List<String> warnings = new ArrayList<>();
    T request = decode(c, call, warnings);
    call.decoded(() -> codecs.toJson(typed(c, request)));
    T result = c.handler().create(request, Contexts.of(call, c.version(), warnings));
    return encoder.respond(201, typed(c, result), format, warnings);
  }

  /** {@code value}'s fields after {@code c}'s kind and apiVersion. */
  private ObjectNode typed(VirtualResource<?> c, Object value) {
    ObjectNode body = codecs.json().createObjectNode();
    body.put("kind", c.kind());
    body.put("apiVersion", c.apiVersion());
    JsonNode fields = codecs.json().valueToTree(value);
    fields.fields().forEachRemaining(e -> {
      if (!e.getKey().equals("kind") && !e.getKey().equals("apiVersion")) {
        body.set(e.getKey(), e.getValue());
      }
    });
    return body;
  }

  private <T> T decode(VirtualResource<T> c, Call call, List<String> warnings) {
    String contentType = call.contentType();
    if (contentType.equals(PROTOBUF) && c.protobuf() != null) {
      KubeProtobuf.Envelope e = KubeProtobuf.unwrap(call.body());
      checkType(c, e.apiVersion(), e.kind());
      return c.protobuf().apply(e.raw());
    }
    boolean yaml = contentType.endsWith("yaml");
    if (!yaml && !contentType.equals("application/json")) {
      throw Errors.unsupportedMediaType(contentType, c.protobuf() != null
          ? List.of("application/json", "application/yaml", PROTOBUF) : List.of("application/json", "application/yaml"));
    }
    FieldValidation mode = QueryOptions.fieldValidation(call);
    Decoded<JsonNode> tree = decoder.parseTree(call.body(), yaml, mode);
    checkType(c, tree.value().path("apiVersion").asText(""), tree.value().path("kind").asText(""));
    Decoded<T> in = decoder.bind(tree.value(), c.type(), mode, c.kind() + " in version \"" + c.version() + "\"", c.kind());
    warnings.addAll(tree.warnings());
    warnings.addAll(in.warnings());
    return in.value();
  }

  private static void checkType(VirtualResource<?> c, String apiVersion, String kind) {
    if (!apiVersion.isEmpty() && !apiVersion.equals(c.apiVersion())) {
      throw Errors.badRequest("the API version in the data (" + apiVersion + ") does not match the expected API version ("
          + c.apiVersion() + ")");
    }
    if (!kind.isEmpty() && !kind.equals(c.kind())) {
      throw Errors.badRequest("the kind in the data (" + kind + ") does not match the expected kind (" + c.kind() + ")");
    }
  }
}
