package dev.customapiserver.apis.events;

import com.google.protobuf.ByteString;
import dev.customapiserver.apis.core.EventProtobuf;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * events.k8s.io/v1 Event from Kubernetes protobuf (metadata 1, eventTime 2, series 3,
 * reportingController 4, reportingInstance 5, action 6, reason 7, regarding 8, related 9, note 10,
 * type 11, deprecatedSource 12, deprecatedFirstTimestamp 13, deprecatedLastTimestamp 14,
 * deprecatedCount 15), as client-go's events/v1 recorder sends it.
 */
public final class EventsV1Protobuf {
  private static final ProtoFields<EventsV1> EVENT = KubeProtobuf.object(EventsV1::new)
      .message(2, KubeProtobuf::time, (e, v) -> e.eventTime = v)
      .message(3, EventProtobuf::series, (e, v) -> e.series = v)
      .string(4, (e, v) -> e.reportingController = v)
      .string(5, (e, v) -> e.reportingInstance = v)
      .string(6, (e, v) -> e.action = v)
      .string(7, (e, v) -> e.reason = v)
      .message(8, EventProtobuf::reference, (e, v) -> e.regarding = v)
      .message(9, EventProtobuf::reference, (e, v) -> e.related = v)
      .string(10, (e, v) -> e.note = v)
      .string(11, (e, v) -> e.type = v)
      .message(12, EventProtobuf::source, (e, v) -> e.deprecatedSource = v)
      .message(13, KubeProtobuf::time, (e, v) -> e.deprecatedFirstTimestamp = v)
      .message(14, KubeProtobuf::time, (e, v) -> e.deprecatedLastTimestamp = v)
      .int32(15, (e, v) -> e.deprecatedCount = v);

  private EventsV1Protobuf() {}

  public static EventsV1 decode(ByteString raw) {
    return EVENT.read(raw);
  }
}
