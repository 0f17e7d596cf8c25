package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;

/**
 * core/v1 Event from Kubernetes protobuf (metadata 1, involvedObject 2, reason 3, message 4,
 * source 5, firstTimestamp 6, lastTimestamp 7, count 8, type 9, eventTime 10, series 11, action
 * 12, related 13, reportingComponent 14, reportingInstance 15), as client-go's event recorder sends
 * it; the message parts are public for {@code events.k8s.io}, which shares them.
 */
public final class EventProtobuf {
  private static final ProtoFields<ObjectReference> REFERENCE = ProtoFields.of(ObjectReference::new)
      .stringOrNull(1, (r, v) -> r.kind = v)
      .stringOrNull(2, (r, v) -> r.namespace = v)
      .stringOrNull(3, (r, v) -> r.name = v)
      .stringOrNull(4, (r, v) -> r.uid = v)
      .stringOrNull(5, (r, v) -> r.apiVersion = v)
      .stringOrNull(6, (r, v) -> r.resourceVersion = v)
      .stringOrNull(7, (r, v) -> r.fieldPath = v);
  private static final ProtoFields<EventSource> SOURCE = ProtoFields.of(EventSource::new)
      .string(1, (s, v) -> s.component = v)
      .string(2, (s, v) -> s.host = v);
  private static final ProtoFields<EventSeries> SERIES = ProtoFields.of(EventSeries::new)
      .int32(1, (s, v) -> s.count = v)
      .message(2, KubeProtobuf::time, (s, v) -> s.lastObservedTime = v);
  private static final ProtoFields<EventV1> EVENT = KubeProtobuf.object(EventV1::new)
      .message(2, REFERENCE::read, (e, v) -> e.involvedObject = v)
      .string(3, (e, v) -> e.reason = v)
      .string(4, (e, v) -> e.message = v)
      .message(5, SOURCE::read, (e, v) -> e.source = v)
      .message(6, KubeProtobuf::time, (e, v) -> e.firstTimestamp = v)
      .message(7, KubeProtobuf::time, (e, v) -> e.lastTimestamp = v)
      .int32(8, (e, v) -> e.count = v)
      .string(9, (e, v) -> e.type = v)
      .message(10, KubeProtobuf::time, (e, v) -> e.eventTime = v)
      .message(11, SERIES::read, (e, v) -> e.series = v)
      .string(12, (e, v) -> e.action = v)
      .message(13, REFERENCE::read, (e, v) -> e.related = v)
      .string(14, (e, v) -> e.reportingController = v)
      .string(15, (e, v) -> e.reportingInstance = v);

  private EventProtobuf() {}

  public static EventV1 decode(ByteString raw) {
    return EVENT.read(raw);
  }

  /** ObjectReference: kind 1, namespace 2, name 3, uid 4, apiVersion 5, resourceVersion 6, fieldPath 7 (empty is null). */
  public static ObjectReference reference(ByteString raw) {
    return REFERENCE.read(raw);
  }

  /** EventSource: component 1, host 2. */
  public static EventSource source(ByteString raw) {
    return SOURCE.read(raw);
  }

  /** EventSeries: count 1, lastObservedTime 2. */
  public static EventSeries series(ByteString raw) {
    return SERIES.read(raw);
  }
}
