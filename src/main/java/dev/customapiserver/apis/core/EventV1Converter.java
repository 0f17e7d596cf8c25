package dev.customapiserver.apis.core;

import dev.customapiserver.runtime.KindConverter;

/** core/v1 Event to and from the hub: the same fields, copied. */
public final class EventV1Converter implements KindConverter<Event, EventV1> {

  @Override
  public Event toHub(EventV1 v) {
    return EventFields.copy(v, new Event());
  }

  @Override
  public EventV1 fromHub(Event h) {
    return EventFields.copy(h, new EventV1());
  }
}
