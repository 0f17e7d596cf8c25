package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.time.Instant;

/**
 * core/v1 Event from Kubernetes protobuf (metadata 1, involvedObject 2, reason 3, message 4,
 * source 5, firstTimestamp 6, lastTimestamp 7, count 8, type 9, eventTime 10, series 11, action
 * 12, related 13, reportingComponent 14, reportingInstance 15), as client-go's event recorder sends
 * it; the message parts are public for {@code events.k8s.io}, which shares them.
 */
public final class EventProtobuf {
  private EventProtobuf() {}

  public static EventV1 decode(ByteString raw) {
    EventV1 e = new EventV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> e.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> e.involvedObject = reference(in.readBytes());
        case 3 -> e.reason = in.readStringRequireUtf8();
        case 4 -> e.message = in.readStringRequireUtf8();
        case 5 -> e.source = source(in.readBytes());
        case 6 -> e.firstTimestamp = time(in.readBytes());
        case 7 -> e.lastTimestamp = time(in.readBytes());
        case 8 -> e.count = in.readInt32();
        case 9 -> e.type = in.readStringRequireUtf8();
        case 10 -> e.eventTime = time(in.readBytes());
        case 11 -> e.series = series(in.readBytes());
        case 12 -> e.action = in.readStringRequireUtf8();
        case 13 -> e.related = reference(in.readBytes());
        case 14 -> e.reportingController = in.readStringRequireUtf8();
        case 15 -> e.reportingInstance = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return e;
  }

  /** ObjectReference: kind 1, namespace 2, name 3, uid 4, apiVersion 5, resourceVersion 6, fieldPath 7. */
  public static ObjectReference reference(ByteString raw) {
    ObjectReference r = new ObjectReference();
    KubeProtobuf.message(raw, (n, in) -> {
      String read = n >= 1 && n <= 7 ? in.readStringRequireUtf8() : "";
      String s = read.isEmpty() ? null : read;
      switch (n) {
        case 1 -> r.kind = s;
        case 2 -> r.namespace = s;
        case 3 -> r.name = s;
        case 4 -> r.uid = s;
        case 5 -> r.apiVersion = s;
        case 6 -> r.resourceVersion = s;
        case 7 -> r.fieldPath = s;
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  /** EventSource: component 1, host 2. */
  public static EventSource source(ByteString raw) {
    EventSource s = new EventSource();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.component = in.readStringRequireUtf8();
        case 2 -> s.host = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  /** EventSeries: count 1, lastObservedTime 2. */
  public static EventSeries series(ByteString raw) {
    EventSeries s = new EventSeries();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.count = in.readInt32();
        case 2 -> s.lastObservedTime = time(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  /** Go's zero time in Unix seconds: how an unset Time goes over protobuf. */
  private static final long GO_ZERO_TIME = -62135596800L;

  /** Time and MicroTime: seconds 1, nanos 2; Go's zero time is null. */
  public static Instant time(ByteString raw) {
    long[] secondsNanos = {0, 0};
    KubeProtobuf.message(raw, (n, in) -> {
      if (n == 1) {
        secondsNanos[0] = in.readInt64();
        return true;
      }
      if (n == 2) {
        secondsNanos[1] = in.readInt32();
        return true;
      }
      return false;
    });
    return secondsNanos[0] <= GO_ZERO_TIME ? null : Instant.ofEpochSecond(secondsNanos[0], secondsNanos[1]);
  }
}
