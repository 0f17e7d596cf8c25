package dev.customapiserver.endpoints;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.RequestContext;
import dev.customapiserver.storage.ListPage;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** GET of one object and of lists, for one resource in one version. */
final class ReadHandlers<H extends KubeObject> {
  private final VersionedView<H> view;
  private final GenericStore<H> store;
  private final Encoder encoder;
  private final Tables tables;

  ReadHandlers(VersionedView<H> view, GenericStore<H> store, Encoder encoder, Tables tables) {
    this.view = view;
    this.store = store;
    this.encoder = encoder;
    this.tables = tables;
  }

  Response get(Call call) {
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), true);
    Tables.Include include = Tables.include(call.query("includeObject"));
    H hub = store.get(Contexts.of(call), call.path("name"));
    KubeObject out = view.out(hub);
    if (format == OutputFormat.TABLE) {
      var meta = new dev.customapiserver.api.meta.ListMeta(out.metadata().resourceVersion, null, null);
      return encoder.respond(200, tables.table(view.version(), List.of(out), meta, include), format, List.of());
    }
    return encoder.respond(200, out, format, List.of());
  }

  Response list(Call call) {
    String watch = call.query("watch");
    if ("true".equals(watch) || "1".equals(watch)) {
      throw Errors.methodNotAllowed();
    }
    OutputFormat format = OutputFormat.negotiate(call.header("Accept"), true);
    Tables.Include include = Tables.include(call.query("includeObject"));
    ListOptions opts = QueryOptions.list(call);
    RequestContext ctx = Contexts.of(call);
    ListPage<H> page = store.list(ctx, opts);
    if (format == OutputFormat.TABLE) {
      return encoder.respond(200, tables.table(view.version(), view.out(page.items()), VersionedView.listMeta(page), include),
          format, List.of());
    }
    return encoder.respond(200, view.outList(page), format, List.of());
  }
}
