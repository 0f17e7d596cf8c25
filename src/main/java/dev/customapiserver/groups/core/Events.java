package dev.customapiserver.groups.core;

import dev.customapiserver.apis.core.Event;
import dev.customapiserver.apis.core.EventProtobuf;
import dev.customapiserver.apis.core.EventV1;
import dev.customapiserver.apis.core.EventV1Converter;
import dev.customapiserver.apis.core.ObjectReference;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;

/**
 * core/v1 Events: served with the legacy rules, expiring {@code --event-ttl} after their last write
 * (as kube-apiserver stores them with an etcd lease), selectable by the fields kube offers
 * ({@code involvedObject.*}, {@code reason}, {@code reportingComponent}, {@code source},
 * {@code type}), which {@code kubectl describe} and {@code kubectl events --for} use.
 */
public final class Events {
  /** The server setting giving Events' time to live. */
  public static final String TTL_SETTING = "event-ttl";

  private Events() {}

  /** A reference's field for a field selector ("" when unset): kind, namespace, name, uid, ... */
  public static String referenceField(ObjectReference r, String field) {
    return r == null ? "" : r.field(field);
  }

  /** {@code columns} as the array {@link ServedVersion#withColumnsOnly} takes. */
  @SuppressWarnings("unchecked")
  public static <V> PrinterColumn<V>[] columns(java.util.List<PrinterColumn<V>> columns) {
    return columns.toArray(new PrinterColumn[0]);
  }

  static ResourceType<Event> resource() {
    ResourceType.Builder<Event> b = ResourceType.builder(CoreModule.GROUP, "Event", "events", Event.class)
        .shortNames("ev")
        .served(ServedVersion.of("v1", EventV1.class, new EventV1Converter())
            .withProtobuf(EventProtobuf::decode)
            .withColumnsOnly(columns(EventColumns.of(e -> new EventColumns.Fields(e.firstTimestamp, e.lastTimestamp,
                e.eventTime, e.series, e.count, e.type, e.reason, e.involvedObject, e.source, e.reportingController,
                e.reportingInstance, e.message, e.metadata.name)))))
        .storageVersion("v1")
        .strategy(EventStrategy.legacy())
        .timeToLive(TTL_SETTING);
    for (String f : ObjectReference.FIELDS) {
      b.selectableField("involvedObject." + f, e -> e.involvedObject.field(f));
    }
    return b.selectableField("reason", e -> e.reason)
        .selectableField("reportingComponent", e -> e.reportingController)
        .selectableField("source", e -> e.source == null ? null : e.source.component)
        .selectableField("type", e -> e.type)
        .build();
  }
}
