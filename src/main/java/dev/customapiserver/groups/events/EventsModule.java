package dev.customapiserver.groups.events;

import dev.customapiserver.apis.events.EventsV1;
import dev.customapiserver.apis.events.EventsV1Converter;
import dev.customapiserver.apis.events.EventsV1Protobuf;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.apis.core.Event;
import dev.customapiserver.groups.core.EventStrategy;
import dev.customapiserver.groups.core.EventColumns;
import dev.customapiserver.groups.core.Events;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.GroupResource;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.List;

/**
 * The {@code events.k8s.io} group: Event in v1, a cohabitant of core/v1 events (one storage, so the
 * same objects, uids and resourceVersions through both), validated by the strict rules.
 */
public final class EventsModule implements ApiGroupModule {
  public static final String GROUP = "events.k8s.io";

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(events()));
  }

  static ResourceType<Event> events() {
    ResourceType.Builder<Event> b = ResourceType.builder(GROUP, "Event", "events", Event.class)
        .shortNames("ev")
        .storedAs(new GroupResource("", "events"))
        .served(ServedVersion.of("v1", EventsV1.class, new EventsV1Converter())
            .withProtobuf(EventsV1Protobuf::decode)
            .withColumnsOnly(Events.columns(EventColumns.of(e -> new EventColumns.Fields(e.deprecatedFirstTimestamp,
                e.deprecatedLastTimestamp, e.eventTime, e.series, e.deprecatedCount, e.type, e.reason, e.regarding,
                e.deprecatedSource, e.reportingController, e.reportingInstance, e.note, e.metadata.name)))))
        .strategy(EventStrategy.strict()); // expiry is the owner's (core/v1 events'): one storage

    for (String f : List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")) {
      b.selectableField("regarding." + f, e -> Events.referenceField(e.involvedObject, f));
    }
    return b.selectableField("reason", e -> e.reason)
        .selectableField("reportingController", e -> e.reportingController)
        .selectableField("type", e -> e.type)
        .build();
  }
}
