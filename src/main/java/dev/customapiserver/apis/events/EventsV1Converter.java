package dev.customapiserver.apis.events;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.core.Event;
import dev.customapiserver.apis.core.EventSeries;
import dev.customapiserver.apis.core.EventSource;
import dev.customapiserver.apis.core.ObjectReference;
import dev.customapiserver.runtime.KindConverter;

/**
 * events.k8s.io/v1 Event to and from the hub (core's shape), field for field as kube's
 * pkg/apis/events/v1 conversion: regarding is involvedObject, note is message, deprecatedSource,
 * deprecatedFirstTimestamp, deprecatedLastTimestamp and deprecatedCount are source,
 * firstTimestamp, lastTimestamp and count; the rest keeps its name.
 */
public final class EventsV1Converter implements KindConverter<Event, EventsV1> {

  @Override
  public Event toHub(EventsV1 v) {
    Event h = new Event();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.eventTime = v.eventTime;
    h.series = EventSeries.copy(v.series);
    h.reportingController = v.reportingController;
    h.reportingInstance = v.reportingInstance;
    h.action = v.action;
    h.reason = v.reason;
    h.involvedObject = v.regarding == null ? new ObjectReference() : ObjectReference.copy(v.regarding);
    h.related = ObjectReference.copy(v.related);
    h.message = v.note;
    h.type = v.type;
    h.source = EventSource.copy(v.deprecatedSource);
    h.firstTimestamp = v.deprecatedFirstTimestamp;
    h.lastTimestamp = v.deprecatedLastTimestamp;
    h.count = v.deprecatedCount;
    return h.copy();
  }

  @Override
  public EventsV1 fromHub(Event hub) {
    Event h = hub.copy();
    EventsV1 v = new EventsV1();
    v.metadata = h.metadata;
    v.eventTime = h.eventTime;
    v.series = h.series;
    v.reportingController = h.reportingController;
    v.reportingInstance = h.reportingInstance;
    v.action = h.action;
    v.reason = h.reason;
    v.regarding = h.involvedObject;
    v.related = h.related;
    v.note = h.message;
    v.type = h.type;
    v.deprecatedSource = EventSource.isEmpty(h.source) ? null : h.source;
    v.deprecatedFirstTimestamp = h.firstTimestamp;
    v.deprecatedLastTimestamp = h.lastTimestamp;
    v.deprecatedCount = h.count == null || h.count == 0 ? null : h.count;
    return v;
  }
}
