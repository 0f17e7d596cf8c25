package dev.customapiserver.apis.events;

import com.google.protobuf.ByteString;
import dev.customapiserver.apis.core.EventProtobuf;
import dev.customapiserver.runtime.KubeProtobuf;

/**
 * events.k8s.io/v1 Event from Kubernetes protobuf (metadata 1, eventTime 2, series 3,
 * reportingController 4, reportingInstance 5, action 6, reason 7, regarding 8, related 9, note 10,
 * type 11, deprecatedSource 12, deprecatedFirstTimestamp 13, deprecatedLastTimestamp 14,
 * deprecatedCount 15), as client-go's events/v1 recorder sends it.
 */
public final class EventsV1Protobuf {
  private EventsV1Protobuf() {}

  public static EventsV1 decode(ByteString raw) {
    EventsV1 e = new EventsV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> e.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> e.eventTime = EventProtobuf.time(in.readBytes());
        case 3 -> e.series = EventProtobuf.series(in.readBytes());
        case 4 -> e.reportingController = in.readStringRequireUtf8();
        case 5 -> e.reportingInstance = in.readStringRequireUtf8();
        case 6 -> e.action = in.readStringRequireUtf8();
        case 7 -> e.reason = in.readStringRequireUtf8();
        case 8 -> e.regarding = EventProtobuf.reference(in.readBytes());
        case 9 -> e.related = EventProtobuf.reference(in.readBytes());
        case 10 -> e.note = in.readStringRequireUtf8();
        case 11 -> e.type = in.readStringRequireUtf8();
        case 12 -> e.deprecatedSource = EventProtobuf.source(in.readBytes());
        case 13 -> e.deprecatedFirstTimestamp = EventProtobuf.time(in.readBytes());
        case 14 -> e.deprecatedLastTimestamp = EventProtobuf.time(in.readBytes());
        case 15 -> e.deprecatedCount = in.readInt32();
        default -> {
          return false;
        }
      }
      return true;
    });
    return e;
  }
}
