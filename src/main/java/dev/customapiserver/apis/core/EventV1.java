package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** Event as served in core/v1: the hub's fields ({@link EventFields}). */
@Description("Event is a report of an event somewhere in the cluster.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class EventV1 extends EventFields {}
