package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.customapiserver.api.meta.MicroTime;
import dev.customapiserver.schema.Description;
import java.time.Instant;
import java.util.Objects;

/** EventSeries, the same in core/v1 and events.k8s.io/v1: a repeating event's count and last sighting. */
@Description("EventSeries contain information on series of events, i.e. thing that was/is happening continuously for some time.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class EventSeries {
  @Description("count is the number of occurrences in this series up to the last heartbeat time.")
  public Integer count;
  @Description("lastObservedTime is the time when last Event from the series was seen before last heartbeat.")
  @JsonSerialize(using = MicroTime.Serializer.class)
  public Instant lastObservedTime;

  /** A copy (time to microseconds); null stays null. */
  public static EventSeries copy(EventSeries s) {
    if (s == null) {
      return null;
    }
    EventSeries c = new EventSeries();
    c.count = s.count;
    c.lastObservedTime = MicroTime.truncate(s.lastObservedTime);
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EventSeries s && Objects.equals(count, s.count) && Objects.equals(lastObservedTime, s.lastObservedTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(count, lastObservedTime);
  }
}
