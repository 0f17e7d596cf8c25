package dev.customapiserver.endpoints;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.Status;
import dev.customapiserver.api.meta.Table;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.storage.WatchEvent;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns watch events into the bytes of one chunk: a {@code {"type","object"}} JSON line, or an SSE
 * event (id = resourceVersion, data = that JSON). Objects are in the watched version; with a Table
 * format each object is a one-row Table, column definitions on the first only. The first BOOKMARK
 * of a watch-list marks the end of the initial events. Used by one writer at a time.
 */
final class WatchFraming<H extends KubeObject> {
  static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

  private final VersionedView<H> view;
  private final Codecs codecs;
  private final Tables tables;
  private final OutputFormat format;
  private final Tables.Include include;
  private final boolean sse;
  private boolean columnsSent;
  private boolean initialEventsPending;

  WatchFraming(VersionedView<H> view, Codecs codecs, Tables tables, OutputFormat format, Tables.Include include, boolean sse,
      boolean sendInitialEvents) {
    this.view = view;
    this.codecs = codecs;
    this.tables = tables;
    this.format = format;
    this.include = include;
    this.sse = sse;
    this.initialEventsPending = sendInitialEvents;
  }

  String contentType() {
    return sse ? "text/event-stream" : "application/json";
  }

  byte[] event(WatchEvent<H> e) {
    String rv = Long.toString(e.resourceVersion());
    Object obj = e.type() == WatchEvent.Type.BOOKMARK ? bookmark(rv) : object(view.out(e.object()));
    return frame(e.type().name(), obj, rv);
  }

  byte[] error(Status status) {
    return frame("ERROR", status, null);
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

  private byte[] frame(String type, Object object, String id) {
    Map<String, Object> event = new LinkedHashMap<>();
    event.put("type", type);
    event.put("object", object);
    String json;
    try {
      json = codecs.json().writeValueAsString(event);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    String text = !sse ? json + "\n" : (id == null ? "" : "id: " + id + "\n") + "data: " + json + "\n\n";
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
