package dev.customapiserver.endpoints;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.registry.DeleteResult;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.RequestContext;
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

/** POST, PUT, PATCH, DELETE and DELETE-collection for one resource in one version. */
final class WriteHandlers<H extends KubeObject> {
  private final VersionedView<H> view;
  private final GenericStore<H> store;
  private final Encoder encoder;
  private final Codecs codecs;
  private final BodyDecoder decoder;
  private final StrategicMergePatch strategic;

  WriteHandlers(VersionedView<H> view, GenericStore<H> store, Encoder encoder, Codecs codecs, BodyDecoder decoder) {
    this.view = view;
    this.store = store;
    this.encoder = encoder;
    this.codecs = codecs;
    this.decoder = decoder;
    this.strategic = new StrategicMergePatch(codecs.json());
  }

  Response create(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    WriteOptions opts = QueryOptions.write(call, "CreateOptions");
    Decoded<H> in = view.in(call.body(), call.contentType(), QueryOptions.fieldValidation(call));
    List<String> warnings = new ArrayList<>(in.warnings());
    H created = store.create(context(call, warnings), in.value(), opts);
    return encoder.respond(201, view.out(created), format, warnings);
  }

  Response replace(Call call) {
    return replace(call, "");
  }

  /** PUT {@code .../{name}/status}: only the status changes. */
  Response replaceStatus(Call call) {
    return replace(call, GenericStore.STATUS);
  }

  private Response replace(Call call, String subresource) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    WriteOptions opts = QueryOptions.write(call, "UpdateOptions");
    Decoded<H> in = view.in(call.body(), call.contentType(), QueryOptions.fieldValidation(call));
    String name = call.path("name");
    if (!name.equals(in.value().metadata().name)) {
      throw Errors.badRequest("the name of the object (" + java.util.Objects.toString(in.value().metadata().name, "")
          + ") does not match the name on the URL (" + name + ")");
    }
    List<String> warnings = new ArrayList<>();
    H updated = store.update(context(call, warnings), name, current -> {
      warnings.clear();
      warnings.addAll(in.warnings());
      return in.value();
    }, opts, subresource);
    return encoder.respond(200, view.out(updated), format, warnings);
  }

  Response patch(Call call) {
    return patch(call, "");
  }

  /** PATCH {@code .../{name}/status}: the patch applies to the whole object; only the status changes. */
  Response patchStatus(Call call) {
    return patch(call, GenericStore.STATUS);
  }

  private Response patch(Call call, String subresource) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    WriteOptions opts = QueryOptions.write(call, "PatchOptions");
    FieldValidation mode = QueryOptions.fieldValidation(call);
    String type = call.contentType();
    byte[] patch = call.body();
    String name = call.path("name");
    List<String> warnings = new ArrayList<>();
    H patched = store.update(context(call, warnings), name, current -> {
      String target = new String(codecs.toJson(view.out(current)), StandardCharsets.UTF_8);
      String result = Patcher.apply(type, patch, target, view.type().kind(), name, strategic,
          view.version().type());
      Decoded<H> in = view.in(readTree(result), mode);
      warnings.clear();
      warnings.addAll(in.warnings());
      return in.value();
    }, opts, subresource);
    return encoder.respond(200, view.out(patched), format, warnings);
  }

  Response delete(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    DeleteOptions opts = deleteOptions(call);
    List<String> warnings = new ArrayList<>();
    DeleteResult<H> result = store.deleteWithResult(context(call, warnings), call.path("name"), opts);
    // as kube-apiserver: 202 only when the object stays and the client asked for cascading by orphanDependents=false
    int code = !result.deleted() && Boolean.FALSE.equals(opts.orphanDependents) ? 202 : 200;
    return encoder.respond(code, view.out(result.object()), format, warnings);
  }

  Response deleteCollection(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), false);
    DeleteOptions opts = deleteOptions(call);
    List<String> warnings = new ArrayList<>();
    List<H> deleted = store.deleteCollection(context(call, warnings), QueryOptions.list(call), opts);
    var list = new KubeList<>(view.groupVersion().apiVersion(), view.type().kind() + "List", new ListMeta(), view.out(deleted));
    return encoder.respond(200, list, format, warnings);
  }

  /** The registry context of a write in this view's version; admission warnings land in {@code warnings}. */
  private RequestContext context(Call call, List<String> warnings) {
    return Contexts.of(call, view.groupVersion().version(), warnings);
  }

  /** DeleteOptions from the body (if any) and the query ({@code dryRun}, {@code propagationPolicy}, ...). */
  private DeleteOptions deleteOptions(Call call) {
    byte[] body = call.body();
    DeleteOptions opts = new DeleteOptions();
    if (body.length > 0) {
      JsonNode tree = decoder.parseTree(body, call.contentType().endsWith("yaml"), FieldValidation.IGNORE).value();
      opts = decoder.bind(tree, DeleteOptions.class, FieldValidation.IGNORE, "DeleteOptions", "DeleteOptions").value();
    }
    WriteOptions w = QueryOptions.write(call, "DeleteOptions");
    if (w.dryRun()) {
      opts.dryRun = List.of("All");
    } else if (opts.dryRun != null && opts.dryRun.stream().anyMatch(d -> !d.equals("All"))) {
      throw Errors.badRequest("dryRun: Unsupported value: " + opts.dryRun + ": supported values: \"All\"");
    }
    String policy = call.query("propagationPolicy");
    if (policy != null) {
      opts.propagationPolicy = policy;
    }
    String orphan = call.query("orphanDependents");
    if (orphan != null && !orphan.isEmpty()) {
      opts.orphanDependents = QueryOptions.isTrue(orphan);
    }
    return opts;
  }

  private JsonNode readTree(String json) {
    try {
      return codecs.json().readTree(json);
    } catch (JsonProcessingException e) {
      throw Errors.badRequest("the patched object is not valid JSON: " + e.getOriginalMessage());
    }
  }
}
