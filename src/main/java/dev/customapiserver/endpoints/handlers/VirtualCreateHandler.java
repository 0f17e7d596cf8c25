package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.Handler;
import dev.customapiserver.endpoints.call.QueryOptions;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.runtime.Decoded;
import dev.customapiserver.runtime.CreateOnly;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import org.glassfish.jersey.server.model.Resource;

/**
 * The one route of a create-only virtual resource in one version: POST to its collection decodes the
 * body (JSON, YAML or protobuf), hands it to the {@link CreateOnly} and answers 201 with the result.
 */
public final class VirtualCreateHandler<H extends KubeObject> {
  private final VersionedView<H> view;
  private final CreateOnly<H> answer;
  private final Encoder encoder;

  public VirtualCreateHandler(VersionedView<H> view, CreateOnly<H> answer, Encoder encoder) {
    this.view = view;
    this.answer = answer;
    this.encoder = encoder;
  }

  public Resource resource(String prefix, long maxBodyBytes) {
    String plural = view.type().plural();
    String path = view.type().namespaced() ? prefix + "/namespaces/{namespace}/" + plural : prefix + "/" + plural;
    Resource.Builder b = Resource.builder(path);
    b.addMethod("POST").handledBy(new Handler(this::create, maxBodyBytes));
    return b.build();
  }

  private Response create(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    Decoded<H> in = view.in(call.body(), call.contentType(), QueryOptions.fieldValidation(call));
    List<String> warnings = new ArrayList<>(in.warnings());
    RegistryContext ctx = Contexts.of(call, view.groupVersion().version(), warnings);
    H out = answer.create(in.value(), view.type().namespaced() ? ctx.namespace() : null, ctx.user());
    return encoder.respond(201, view.out(out), format, warnings);
  }
}
