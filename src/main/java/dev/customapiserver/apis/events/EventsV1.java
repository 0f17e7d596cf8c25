package dev.customapiserver.apis.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.GoZero;
import dev.customapiserver.api.meta.MicroTime;
import dev.customapiserver.apis.core.EventSeries;
import dev.customapiserver.apis.core.EventSource;
import dev.customapiserver.apis.core.ObjectReference;
import dev.customapiserver.schema.Description;
import java.time.Instant;

/** Event as served in {@code events.k8s.io/v1}. */
@Description("Event is a report of an event somewhere in the cluster. It generally denotes some state change in the system.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class EventsV1 extends KubeObject {
  @Description("eventTime is the time when this Event was first observed. It is required.")
  @JsonInclude(JsonInclude.Include.ALWAYS) // required, no omitempty: "eventTime": null when unset, as kube
  @JsonSerialize(using = MicroTime.Serializer.class)
  public Instant eventTime;
  @Description("series is data about the Event series this event represents or nil if it's a singleton Event.")
  public EventSeries series;
  @Description("reportingController is the name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.")
  public String reportingController;
  @Description("reportingInstance is the ID of the controller instance, e.g. `kubelet-xyzf`.")
  public String reportingInstance;
  @Description("action is what action was taken/failed regarding to the regarding object.")
  public String action;
  @Description("reason is why the action was taken. It is human-readable.")
  public String reason;
  @Description("regarding contains the object this Event is about.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(nullsUsing = GoZero.EmptyObject.class)
  public ObjectReference regarding;
  @Description("related is the optional secondary object for more complex actions.")
  public ObjectReference related;
  @Description("note is a human-readable description of the status of this operation.")
  public String note;
  @Description("type is the type of this event (Normal, Warning), new types could be added in the future.")
  public String type;
  @Description("deprecatedSource is the deprecated field assuring backward compatibility with core.v1 Event type.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonSerialize(nullsUsing = GoZero.EmptyObject.class)
  public EventSource deprecatedSource;
  @Description("deprecatedFirstTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public Instant deprecatedFirstTimestamp;
  @Description("deprecatedLastTimestamp is the deprecated field assuring backward compatibility with core.v1 Event type.")
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public Instant deprecatedLastTimestamp;
  @Description("deprecatedCount is the deprecated field assuring backward compatibility with core.v1 Event type.")
  public Integer deprecatedCount;
}
