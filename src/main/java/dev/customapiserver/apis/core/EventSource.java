package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.Objects;

/** core/v1 EventSource: the component (and host) that reported an Event. */
@Description("EventSource contains information for an event.")
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public final class EventSource {
  @Description("Component from which the event is generated.")
  public String component;
  @Description("Node name on which the event is generated.")
  public String host;

  /** A copy; null stays null. */
  public static EventSource copy(EventSource s) {
    if (s == null) {
      return null;
    }
    EventSource c = new EventSource();
    c.component = s.component;
    c.host = s.host;
    return c;
  }

  /** Whether neither component nor host is set. */
  public static boolean isEmpty(EventSource s) {
    return s == null || ((s.component == null || s.component.isEmpty()) && (s.host == null || s.host.isEmpty()));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EventSource s && Objects.equals(component, s.component) && Objects.equals(host, s.host);
  }

  @Override
  public int hashCode() {
    return Objects.hash(component, host);
  }
}
