package dev.customapiserver.endpoints.handlers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.autoscaling.Scale;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.QueryOptions;
import dev.customapiserver.endpoints.openapi.OpenApiDocuments;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.registry.ScaleStore;
import dev.customapiserver.registry.WriteOptions;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Decoded;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.runtime.patch.StrategicMergePatch;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** GET, PUT and PATCH of {@code .../{name}/scale}: the object as {@code autoscaling/v1} Scale. */
public final class ScaleHandlers<H extends KubeObject> {
  private final ScaleStore<H> scales;
  private final Encoder encoder;
  private final Codecs codecs;
  private final BodyDecoder decoder;
  private final StrategicMergePatch strategic;

  public ScaleHandlers(ScaleStore<H> scales, Encoder encoder, Codecs codecs, BodyDecoder decoder) {
    this.scales = scales;
    this.encoder = encoder;
    this.codecs = codecs;
    this.decoder = decoder;
    this.strategic = new StrategicMergePatch(codecs.json());
  }

  public Response get(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    return encoder.respond(200, scales.get(Contexts.of(call), call.path("name")), format, List.of());
  }

  public Response replace(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    WriteOptions opts = QueryOptions.write(call, "UpdateOptions");
    String type = call.contentType();
    if (!type.equals("application/json") && !type.endsWith("yaml")) {
      throw Errors.unsupportedMediaType(type, List.of("application/json", "application/yaml"));
    }
    FieldValidation mode = QueryOptions.fieldValidation(call);
    Decoded<JsonNode> tree = decoder.parseTree(call.body(), type.endsWith("yaml"), mode);
    Decoded<Scale> in = bind(tree.value(), mode);
    String name = call.path("name");
    if (!name.equals(in.value().metadata().name)) {
      throw Errors.badRequest("the name of the object (" + Objects.toString(in.value().metadata().name, "")
          + ") does not match the name on the URL (" + name + ")");
    }
    Scale updated = scales.update(Contexts.of(call), name, current -> in.value(), opts);
    List<String> warnings = new ArrayList<>(tree.warnings());
    warnings.addAll(in.warnings());
    return encoder.respond(200, updated, format, warnings);
  }

  public Response patch(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    WriteOptions opts = QueryOptions.write(call, "PatchOptions");
    FieldValidation mode = QueryOptions.fieldValidation(call);
    String type = call.contentType();
    if (scales.customResource() && !OpenApiDocuments.CUSTOM_RESOURCE_PATCH_CONTENT_TYPES.contains(type)) {
      // a custom resource's subresources take the patch types of the resource (kube's crdHandler)
      throw Errors.unsupportedMediaType(type, OpenApiDocuments.CUSTOM_RESOURCE_PATCH_CONTENT_TYPES);
    }
    byte[] patch = call.body();
    String name = call.path("name");
    List<String> warnings = new ArrayList<>();
    Scale patched = scales.update(Contexts.of(call), name, current -> {
      String target = new String(codecs.toJson(current), StandardCharsets.UTF_8);
      Decoded<Scale> in = bind(readTree(Patcher.apply(type, decoder, patch, target, Scale.KIND, name, strategic, Scale.class)), mode);
      warnings.clear();
      warnings.addAll(in.warnings());
      return in.value();
    }, opts);
    return encoder.respond(200, patched, format, warnings);
  }

  private Decoded<Scale> bind(JsonNode tree, FieldValidation mode) {
    String apiVersion = tree.path("apiVersion").asText("");
    if (!apiVersion.isEmpty() && !apiVersion.equals(Scale.API_VERSION)) {
      throw Errors.badRequest("the API version in the data (" + apiVersion + ") does not match the expected API version ("
          + Scale.API_VERSION + ")");
    }
    String kind = tree.path("kind").asText("");
    if (!kind.isEmpty() && !kind.equals(Scale.KIND)) {
      throw Errors.badRequest("the kind in the data (" + kind + ") does not match the expected kind (" + Scale.KIND + ")");
    }
    return decoder.bind(tree, Scale.class, mode, "Scale in version \"v1\"", Scale.KIND);
  }

  private JsonNode readTree(String json) {
    try {
      return codecs.json().readTree(json);
    } catch (JsonProcessingException e) {
      throw Errors.badRequest("couldn't get version/kind; json parse error: the patched object is not valid JSON");
    }
  }
}
