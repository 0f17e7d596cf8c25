package dev.customapiserver.endpoints.handlers;

import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.endpoints.call.Call;
import dev.customapiserver.endpoints.call.Contexts;
import dev.customapiserver.endpoints.call.QueryOptions;
import dev.customapiserver.endpoints.call.WatchParams;
import dev.customapiserver.endpoints.representation.Encoder;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.endpoints.representation.Tables;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.endpoints.watch.WatchFraming;
import dev.customapiserver.endpoints.watch.WatchHandOff;
import dev.customapiserver.endpoints.watch.WatchOutput;
import dev.customapiserver.endpoints.watch.WatchStream;
import dev.customapiserver.endpoints.watch.Watches;
import dev.customapiserver.endpoints.watch.WebSocketWatchOutput;
import dev.customapiserver.registry.GenericStore;
import dev.customapiserver.registry.ListOptions;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.endpoints.websocket.WebSocketUpgrade;
import jakarta.ws.rs.core.Response;
import java.util.Locale;
import org.glassfish.jersey.server.ChunkedOutput;
import java.util.List;

/** GET of one object and of lists, and watches, for one resource in one version. */
public final class ReadHandlers<H extends KubeObject> {
  private final VersionedView<H> view;
  private final GenericStore<H> store;
  private final Encoder encoder;
  private final Tables tables;
  private final Codecs codecs;
  private final Watches watches;

  ReadHandlers(VersionedView<H> view, GenericStore<H> store, Encoder encoder, Tables tables, Codecs codecs, Watches watches) {
    this.view = view;
    this.store = store;
    this.encoder = encoder;
    this.tables = tables;
    this.codecs = codecs;
    this.watches = watches;
  }

  public Response get(Call call) {
    OutputFormat format = Negotiation.format(call, true, view);
    Tables.Include include = Tables.include(call.query("includeObject"));
    H hub = store.get(Contexts.of(call), call.path("name"));
    KubeObject out = view.out(hub);
    if (format == OutputFormat.TABLE) {
      var meta = new ListMeta(out.metadata().resourceVersion, null, null);
      return encoder.respond(200, tables.table(view.version(), List.of(out), meta, include), format, List.of());
    }
    return encoder.respond(200, out, format, List.of());
  }

  public Response list(Call call) {
    if (QueryOptions.isTrue(call.query("watch"))) {
      return watch(call, null);
    }
    OutputFormat format = Negotiation.format(call, true, view);
    Tables.Include include = Tables.include(call.query("includeObject"));
    ListOptions opts = QueryOptions.list(call);
    RegistryContext ctx = Contexts.of(call);
    ListPage<H> page = store.list(ctx, opts);
    if (format == OutputFormat.TABLE) {
      return encoder.respond(200, tables.table(view.version(), view.out(page.items()), VersionedView.listMeta(page), include),
          format, List.of());
    }
    return encoder.respond(200, view.outList(page), format, List.of());
  }

  /** A {@code /watch/} collection path. */
  public Response watchCollection(Call call) {
    return watch(call, null);
  }

  /** A {@code /watch/.../{name}} path: the watch of one object. */
  public Response watchItem(Call call) {
    return watch(call, call.path("name"));
  }

  /**
   * Starts the storage watch (a too old resourceVersion fails here, as a 410 Status) and answers
   * with a chunked stream the watch's {@link WatchStream} feeds: no thread waits for its events.
   * Behind the {@link WatchHandOff} filter the stream writes with servlet non-blocking I/O (no
   * thread waits for a slow client either); without it, through Jersey's blocking ChunkedOutput. A
   * WebSocket handshake gets the same stream as WebSocket messages ({@link WebSocketWatchOutput}).
   */
  private Response watch(Call call, String name) {
    WebSocketUpgrade upgrade = WebSocketWatchOutput.requested(call);
    String accept = call.header("Accept");
    boolean sse = upgrade == null && accept != null && accept.toLowerCase(Locale.ROOT).contains("text/event-stream");
    // protobuf events go over a chunked response (length-prefixed), not over text WebSocket messages
    OutputFormat format = sse ? OutputFormat.JSON
        : upgrade != null ? OutputFormat.negotiate(accept, true) : Negotiation.format(call, true, view);
    if (format == OutputFormat.YAML) {
      throw Errors.notAcceptable(List.of("application/json", "application/json;as=Table;v=v1;g=meta.k8s.io", "text/event-stream"));
    }
    Tables.Include include = Tables.include(call.query("includeObject"));
    WatchParams p = QueryOptions.watch(call, name, sse ? call.header("Last-Event-ID") : null);
    WatchFraming<H> framing = new WatchFraming<>(view, codecs, tables, format, include, sse, p.sendInitialEvents());
    String what = view.type().groupResource().qualified().toString();
    if (upgrade != null) {
      WebSocketWatchOutput socket = new WebSocketWatchOutput();
      WatchStream<H> stream = new WatchStream<>(framing, socket, watches, what);
      Watch w = store.watch(Contexts.of(call), p.list(), p.sendInitialEvents(), p.bookmarks(), stream);
      socket.accept(upgrade, () -> stream.end(null), w);
      stream.start(w, watches.timeoutMillis(p.timeoutSeconds()));
      return WebSocketWatchOutput.switchingProtocols();
    }
    if (call.property(WatchHandOff.ATTRIBUTE) instanceof WatchHandOff.Slot slot) {
      WatchStream<H> stream = new WatchStream<>(framing, watches, what);
      Watch w = store.watch(Contexts.of(call), p.list(), p.sendInitialEvents(), p.bookmarks(), stream);
      stream.start(w, watches.timeoutMillis(p.timeoutSeconds()));
      slot.take(stream::attach);
      return Response.ok().type(framing.contentType()).build();
    }
    ChunkedOutput<byte[]> chunked = new ChunkedOutput<>(byte[].class);
    WatchStream<H> stream = new WatchStream<>(framing, WatchOutput.chunked(chunked), watches, what);
    Watch w = store.watch(Contexts.of(call), p.list(), p.sendInitialEvents(), p.bookmarks(), stream);
    stream.start(w, watches.timeoutMillis(p.timeoutSeconds()));
    return Response.ok(chunked).type(framing.contentType()).build();
  }
}
