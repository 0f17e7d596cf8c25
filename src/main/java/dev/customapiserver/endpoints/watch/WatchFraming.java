package dev.customapiserver.endpoints.watch;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.Table;
import dev.customapiserver.endpoints.representation.EncodedObjects;
import dev.customapiserver.endpoints.representation.OutputFormat;
import dev.customapiserver.endpoints.representation.Tables;
import dev.customapiserver.endpoints.representation.VersionedView;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.MetaProtobuf;
import dev.customapiserver.storage.WatchEvent;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns watch events into the bytes of one chunk: a {@code {"type","object"}} JSON line, an SSE
 * event (id = resourceVersion, data = that JSON), or a length-prefixed protobuf WatchEvent. Objects are in the watched version; with a Table
 * format each object is a one-row Table, column definitions on the first only. The first BOOKMARK
 * of a watch-list marks the end of the initial events. Used by one writer at a time. The JSON of an
 * object (not Table-shaped) is encoded once per object state and version and shared by every watch
 * of that version ({@link EncodedObjects}), and so is the framed event ({@link WatchFrames}).
 */
public final class WatchFraming<H extends KubeObject> {
  static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

  private final VersionedView<H> view;
  private final Codecs codecs;
  private final Tables tables;
  private final OutputFormat format;
  private final Tables.Include include;
  private final boolean sse;
  private boolean columnsSent;
  private boolean initialEventsPending;

  public WatchFraming(VersionedView<H> view, Codecs codecs, Tables tables, OutputFormat format, Tables.Include include, boolean sse,
      boolean sendInitialEvents) {
    this.view = view;
    this.codecs = codecs;
    this.tables = tables;
    this.format = format;
    this.include = include;
    this.sse = sse;
    this.initialEventsPending = sendInitialEvents;
  }

  public String contentType() {
    if (format == OutputFormat.PROTOBUF) {
      return "application/vnd.kubernetes.protobuf;stream=watch";
    }
    return sse ? "text/event-stream" : "application/json";
  }

  byte[] event(WatchEvent<H> e) {
    return event(e, null);
  }

  /**
   * The bytes of {@code e}; with {@code shared} the frame of an object event (not Table-shaped) is
   * the one every other watch of this version sends for it: read-only.
   */
  byte[] event(WatchEvent<H> e, WatchFrames shared) {
    String rv = Long.toString(e.resourceVersion());
    if (format == OutputFormat.PROTOBUF) {
      byte[] object = e.type() == WatchEvent.Type.BOOKMARK ? view.protobufBookmark(bookmarkMeta(rv))
          : view.protobuf(view.out(e.object()));
      return MetaProtobuf.watchEvent(e.type().name(), object);
    }
    if (e.type() != WatchEvent.Type.BOOKMARK && format != OutputFormat.TABLE) {
      byte[] object = view.encoded().json(e.object(), e.type() == WatchEvent.Type.DELETED, h -> json(view.out(h)));
      String type = e.type().name();
      return shared == null ? frame(type, object, rv)
          : shared.frame(object, type, sse, e.resourceVersion(), () -> frame(type, object, rv));
    }
    Object obj = e.type() == WatchEvent.Type.BOOKMARK ? bookmark(rv) : object(view.out(e.object()));
    return frame(e.type().name(), json(obj), rv);
  }

  /** Tells {@code observer} the size of an event of this watch's group, version and resource. */
  void observe(WatchEventObserver observer, int bytes) {
    observer.sent(view.groupVersion().group(), view.groupVersion().version(), view.type().plural(), bytes);
  }

  byte[] error(Status status) {
    if (format == OutputFormat.PROTOBUF) {
      return MetaProtobuf.watchEvent("ERROR", MetaProtobuf.envelope(status.apiVersion, status.kind, MetaProtobuf.status(status)));
    }
    return frame("ERROR", json(status), null);
  }

  private Object object(KubeObject o) {
    if (format != OutputFormat.TABLE) {
      return o;
    }
    Table t = tables.table(view.version(), List.of(o), new ListMeta(o.metadata().resourceVersion, null, null), include);
    if (columnsSent) {
      t.columnDefinitions = null;
    }
    columnsSent = true;
    return t;
  }

  /** A bookmark's metadata: its resourceVersion, and the end of the initial events on the first of a watch-list. */
  private ObjectMeta bookmarkMeta(String rv) {
    ObjectMeta meta = new ObjectMeta();
    meta.resourceVersion = rv;
    if (initialEventsPending) {
      initialEventsPending = false;
      meta.annotations = Map.of(INITIAL_EVENTS_END, "true");
    }
    return meta;
  }

  private Object bookmark(String rv) {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("resourceVersion", rv);
    if (initialEventsPending) {
      initialEventsPending = false;
      meta.put("annotations", Map.of(INITIAL_EVENTS_END, "true"));
    }
    Map<String, Object> o = new LinkedHashMap<>();
    if (format == OutputFormat.TABLE) {
      o.put("kind", "Table");
      o.put("apiVersion", "meta.k8s.io/v1");
    } else {
      o.put("kind", view.type().kind());
      o.put("apiVersion", view.groupVersion().apiVersion());
    }
    o.put("metadata", meta);
    return o;
  }

  private byte[] json(Object o) {
    try {
      return codecs.json().writeValueAsBytes(o);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code {"type":T,"object":O}} as a line, or as an SSE event; {@code object} is JSON already. */
  private byte[] frame(String type, byte[] object, String id) {
    String head = "{\"type\":\"" + type + "\",\"object\":";
    String before = !sse ? head : (id == null ? "" : "id: " + id + "\n") + "data: " + head;
    String after = !sse ? "}\n" : "}\n\n";
    byte[] b = before.getBytes(StandardCharsets.UTF_8);
    byte[] a = after.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[b.length + object.length + a.length];
    System.arraycopy(b, 0, out, 0, b.length);
    System.arraycopy(object, 0, out, b.length, object.length);
    System.arraycopy(a, 0, out, b.length + object.length, a.length);
    return out;
  }
}
