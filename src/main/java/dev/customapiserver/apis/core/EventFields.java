package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.GoZero;
import dev.customapiserver.api.meta.MicroTime;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.schema.Description;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The fields of core/v1 Event, shared by the hub ({@link Event}) and core/v1 ({@link EventV1}),
 * as kube's internal Event is core/v1's. {@code involvedObject} is a value, never null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public abstract class EventFields extends KubeObject {
  @Description("The object that this event is about.")
  public ObjectReference involvedObject = new ObjectReference();
  @Description("This should be a short, machine understandable string that gives the reason for the transition into "
      + "the object's current status.")
  public String reason;
  @Description("A human-readable description of the status of this operation.")
  public String message;
  @Description("The component reporting this event. Should be a short machine understandable string.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(nullsUsing = GoZero.EmptyObject.class)
  public EventSource source;
  @Description("The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public Instant firstTimestamp;
  @Description("The time at which the most recent occurrence of this event was recorded.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public Instant lastTimestamp;
  @Description("The number of times this event has occurred.")
  public Integer count;
  @Description("Type of this event (Normal, Warning), new types could be added in the future")
  public String type;
  @Description("Time when this Event was first observed.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(using = MicroTime.Serializer.class)
  public Instant eventTime;
  @Description("Data about the Event series this event represents or nil if it's a singleton Event.")
  public EventSeries series;
  @Description("What action was taken/failed regarding to the Regarding object.")
  public String action;
  @Description("Optional secondary object for more complex actions.")
  public ObjectReference related;
  @Description("Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.")
  @JsonProperty("reportingComponent")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(nullsUsing = GoZero.EmptyString.class)
  public String reportingController;
  @Description("ID of the controller instance, e.g. `kubelet-xyzf`.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(nullsUsing = GoZero.EmptyString.class)
  public String reportingInstance;

  /** Copies every field of {@code from} into {@code to}, deeply; Times to seconds, MicroTimes to microseconds. */
  public static <E extends EventFields> E copy(EventFields from, E to) {
    to.metadata = from.metadata == null ? new ObjectMeta() : from.metadata.copy();
    to.involvedObject = from.involvedObject == null ? new ObjectReference() : ObjectReference.copy(from.involvedObject);
    to.reason = from.reason;
    to.message = from.message;
    to.source = EventSource.copy(from.source);
    to.firstTimestamp = seconds(from.firstTimestamp);
    to.lastTimestamp = seconds(from.lastTimestamp);
    to.count = from.count;
    to.type = from.type;
    to.eventTime = MicroTime.truncate(from.eventTime);
    to.series = EventSeries.copy(from.series);
    to.action = from.action;
    to.related = ObjectReference.copy(from.related);
    to.reportingController = from.reportingController;
    to.reportingInstance = from.reportingInstance;
    return to;
  }

  public static Instant seconds(Instant t) {
    return t == null ? null : t.truncatedTo(ChronoUnit.SECONDS);
  }
}
