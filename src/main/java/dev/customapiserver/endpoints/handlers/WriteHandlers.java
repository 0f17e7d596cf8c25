package dev.customapiserver.endpoints.handlers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ManagedFieldsEntry;
import dev.customapiserver.api.meta.Unstructured;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.QueryOptions;
import dev.customapiserver.endpoints.call.QueryParams;
import dev.customapiserver.endpoints.fieldmanager.FieldManager;
import dev.customapiserver.endpoints.openapi.OpenApiDocuments;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.registry.DeleteResult;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.RegistryContext;
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

/** POST, PUT, PATCH, DELETE and DELETE-collection for one resource in one version. */
public final class WriteHandlers<H extends KubeObject> {
  static final String APPLY_PATCH = "application/apply-patch+yaml";
  private final VersionedView<H> view;
  private final GenericStore<H> store;
  private final Encoder encoder;
  private final Codecs codecs;
  private final BodyDecoder decoder;
  private final FieldManager fields;
  private final StrategicMergePatch strategic;

  WriteHandlers(VersionedView<H> view, GenericStore<H> store, Encoder encoder, Codecs codecs, BodyDecoder decoder,
      FieldManager fields) {
    this.view = view;
    this.fields = fields;
    this.store = store;
    this.encoder = encoder;
    this.codecs = codecs;
    this.decoder = decoder;
    this.strategic = new StrategicMergePatch(codecs.json());
  }

  public Response create(Call call) {
    OutputFormat format = Negotiation.format(call, false, view);
    WriteOptions opts = QueryOptions.write(call, "CreateOptions");
    Decoded<H> in = body(call);
    List<String> warnings = new ArrayList<>(in.warnings());
    H obj = in.value();
    obj.metadata().managedFields = fields.update(null, view.out(obj), QueryOptions.manager(call, opts), "");
    H created = store.create(context(call, warnings), obj, opts);
    return encoder.respond(201, view.out(created), format, warnings);
  }

  /** The body decoded into the hub type, also kept as the request's decoded object (audit, webhooks). */
  private Decoded<H> body(Call call) {
    Decoded<H> in = view.in(call.body(), call.contentType(), QueryOptions.fieldValidation(call));
    call.decoded(() -> codecs.toJson(view.out(in.value())), in.value().metadata());
    return in;
  }

  public Response replace(Call call) {
    return replace(call, "");
  }

  /** PUT {@code .../{name}/status}: only the status changes. */
  public Response replaceStatus(Call call) {
    return replace(call, GenericStore.STATUS);
  }

  private Response replace(Call call, String subresource) {
    OutputFormat format = Negotiation.format(call, false, view);
    WriteOptions opts = QueryOptions.write(call, "UpdateOptions");
    Decoded<H> in = body(call);
    String name = call.path("name");
    if (!name.equals(in.value().metadata().name)) {
      throw Errors.badRequest("the name of the object (" + Objects.toString(in.value().metadata().name, "")
          + ") does not match the name on the URL (" + name + ")");
    }
    String manager = QueryOptions.manager(call, opts);
    List<ManagedFieldsEntry> submitted = in.value().metadata().managedFields;
    List<String> warnings = new ArrayList<>();
    H updated = store.updateReading(context(call, warnings), name, current -> {
      warnings.clear();
      warnings.addAll(in.warnings());
      H obj = in.value();
      obj.metadata().managedFields = submitted;
      obj.metadata().managedFields = fields.update(view.out(current), view.out(obj), manager, subresource);
      return obj;
    }, opts, subresource);
    return encoder.respond(200, view.out(updated), format, warnings);
  }

  public Response patch(Call call) {
    return patch(call, "");
  }

  /** PATCH {@code .../{name}/status}: the patch applies to the whole object; only the status changes. */
  public Response patchStatus(Call call) {
    return patch(call, GenericStore.STATUS);
  }

  private Response patch(Call call, String subresource) {
    OutputFormat format = Negotiation.format(call, false, view);
    WriteOptions opts = QueryOptions.write(call, "PatchOptions");
    FieldValidation mode = QueryOptions.fieldValidation(call);
    String type = call.contentType();
    if (view.version().type() == Unstructured.class && !OpenApiDocuments.CUSTOM_RESOURCE_PATCH_CONTENT_TYPES.contains(type)) {
      // no strategic merge for custom resources (no patch strategies without Go types), as kube refuses it
      throw Errors.unsupportedMediaType(type, OpenApiDocuments.CUSTOM_RESOURCE_PATCH_CONTENT_TYPES);
    }
    if (type.equals(APPLY_PATCH)) {
      return apply(call, opts, mode, format, subresource);
    }
    QueryOptions.force(call, opts, false);
    String manager = QueryOptions.manager(call, opts);
    byte[] patch = call.body();
    String name = call.path("name");
    List<String> warnings = new ArrayList<>();
    H patched = store.updateReading(context(call, warnings), name, current -> {
      KubeObject live = view.out(current);
      String target = new String(codecs.toJson(live), StandardCharsets.UTF_8);
      String result = Patcher.apply(type, decoder, patch, target, view.type().kind(), name, strategic,
          view.version().type());
      Decoded<H> in = view.in(readTree(result), mode);
      warnings.clear();
      warnings.addAll(in.warnings());
      H obj = in.value();
      obj.metadata().managedFields = fields.update(live, view.out(obj), manager, subresource);
      return obj;
    }, opts, subresource);
    return encoder.respond(200, view.out(patched), format, warnings);
  }

  /**
   * Server-side apply ({@code application/apply-patch+yaml}): merges the applied configuration into
   * the object by field ownership, or creates the object (201) when there is none.
   */
  private Response apply(Call call, WriteOptions opts, FieldValidation mode, OutputFormat format, String subresource) {
    boolean force = QueryOptions.force(call, opts, true);
    String manager = opts.fieldManager();
    String name = call.path("name");
    ObjectNode config = applyConfig(call.body(), mode);
    List<String> warnings = new ArrayList<>();
    RegistryContext ctx = context(call, warnings);
    try {
      H applied = store.updateReading(ctx, name,
          current -> applied(fields.apply(view.out(current), config, manager, force, subresource), mode, warnings), opts, subresource);
      return encoder.respond(200, view.out(applied), format, warnings);
    } catch (ApiException e) {
      if (e.code() != 404 || !"NotFound".equals(e.reason()) || !subresource.isEmpty()) {
        throw e;
      }
    }
    ObjectNode created = fields.apply(null, config, manager, force, "");
    if (!name.equals(created.path("metadata").path("name").asText(""))) {
      throw Errors.badRequest("the name of the object (" + created.path("metadata").path("name").asText("")
          + ") does not match the name on the URL (" + name + ")");
    }
    H obj = applied(created, mode, warnings);
    return encoder.respond(201, view.out(store.create(ctx, obj, opts)), format, warnings);
  }

  private H applied(ObjectNode tree, FieldValidation mode, List<String> warnings) {
    Decoded<H> in = view.in(tree, mode);
    warnings.clear();
    warnings.addAll(in.warnings());
    return in.value();
  }

  /** The body of an apply patch: one YAML (or JSON) object of this version and kind. */
  private ObjectNode applyConfig(byte[] body, FieldValidation mode) {
    JsonNode tree = decoder.parseTree(body, true, mode).value();
    if (tree == null || !tree.isObject()) {
      throw Errors.badRequest("error decoding YAML: the apply patch must be an object");
    }
    String apiVersion = tree.path("apiVersion").asText("");
    String kind = tree.path("kind").asText("");
    if (!apiVersion.equals(view.groupVersion().apiVersion()) || !kind.equals(view.type().kind())) {
      int slash = apiVersion.lastIndexOf('/');
      String gvk = (slash < 0 ? "/" + apiVersion : apiVersion) + ", Kind=" + kind;
      throw Errors.badRequest("invalid object type: " + gvk);
    }
    return (ObjectNode) tree;
  }

  public Response delete(Call call) {
    OutputFormat format = Negotiation.format(call, false, view);
    DeleteOptions opts = deleteOptions(call);
    List<String> warnings = new ArrayList<>();
    DeleteResult<H> result = store.deleteWithResult(context(call, warnings), call.path("name"), opts);
    // as kube-apiserver: 202 only when the object stays and the client asked for cascading by orphanDependents=false
    int code = !result.deleted() && Boolean.FALSE.equals(opts.orphanDependents) ? 202 : 200;
    Object body = result.deleted() && !view.type().strategy().returnsDeletedObject()
        ? DeletedStatus.of(view.type(), result.object()) : view.out(result.object());
    return encoder.respond(code, body, format, warnings);
  }

  public Response deleteCollection(Call call) {
    OutputFormat format = Negotiation.format(call, false, view);
    DeleteOptions opts = deleteOptions(call);
    List<String> warnings = new ArrayList<>();
    List<H> deleted = store.deleteCollection(context(call, warnings), QueryOptions.list(call), opts);
    var list = new KubeList<>(view.groupVersion().apiVersion(), view.type().kind() + "List", new ListMeta(), view.out(deleted));
    return encoder.respond(200, list, format, warnings);
  }

  /** The registry context of a write in this view's version; admission warnings land in {@code warnings}. */
  private RegistryContext context(Call call, List<String> warnings) {
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
    Long grace = QueryParams.int64(call, "gracePeriodSeconds");
    if (grace != null) {
      opts.gracePeriodSeconds = grace;
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
      throw Errors.badRequest("couldn't get version/kind; json parse error: the patched object is not valid JSON");
    }
  }
}
