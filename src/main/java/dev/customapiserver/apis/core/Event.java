package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/**
 * The hub form of Event: a report of something that happened to an object, in core/v1's shape
 * ({@link EventFields}). {@code events.k8s.io/v1} serves the same objects under other field names
 * (see {@code apis.events}).
 */
@Description("Event is a report of an event somewhere in the cluster.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Event extends EventFields {

  /** A deep copy (kind and apiVersion stay unset). */
  public Event copy() {
    return copy(this, new Event());
  }
}
