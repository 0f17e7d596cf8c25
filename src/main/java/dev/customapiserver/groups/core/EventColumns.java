package dev.customapiserver.groups.core;

import dev.customapiserver.apis.core.EventSeries;
import dev.customapiserver.apis.core.EventSource;
import dev.customapiserver.apis.core.ObjectReference;
import dev.customapiserver.runtime.PrinterColumn;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The columns of {@code kubectl get events}, as kube's event printer (pkg/printers/internalversion):
 * LAST SEEN, TYPE, REASON, OBJECT ({@code kind/name}), MESSAGE; with {@code -o wide} also
 * SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME (last, so no NAME column first). The same for
 * core/v1 and events.k8s.io/v1, as kube prints both from the one internal Event.
 */
public final class EventColumns {
  private static final String UNKNOWN = "<unknown>";

  private EventColumns() {}

  /** What the printer reads of one version's Event. */
  public record Fields(Instant firstTimestamp, Instant lastTimestamp, Instant eventTime, EventSeries series, Integer count,
      String type, String reason, ObjectReference involvedObject, EventSource source, String reportingController,
      String reportingInstance, String message, String name) {}

  /** The columns for a version whose Events {@code fields} reads. */
  public static <V> List<PrinterColumn<V>> of(Function<V, Fields> fields) {
    return List.of(
        column("Last Seen", "lastTimestamp is the time at which the most recent occurrence of this event was recorded.", 0,
            v -> lastSeen(fields.apply(v))),
        column("Type", "Type of this event (Normal, Warning), new types could be added in the future", 0,
            v -> orEmpty(fields.apply(v).type())),
        column("Reason", "This should be a short, machine understandable string that gives the reason for the transition "
            + "into the object's current status.", 0, v -> orEmpty(fields.apply(v).reason())),
        column("Object", "The object that this event is about.", 0, v -> object(fields.apply(v).involvedObject())),
        column("Subobject", "If referring to a piece of an object instead of an entire object, this string should contain "
            + "a valid JSON/Go field access statement, such as desiredState.manifest.containers[2].", 1,
            v -> fields.apply(v).involvedObject() == null ? "" : orEmpty(fields.apply(v).involvedObject().fieldPath)),
        column("Source", "The component reporting this event. Should be a short machine understandable string.", 1,
            v -> source(fields.apply(v))),
        column("Message", "A human-readable description of the status of this operation.", 0,
            v -> orEmpty(fields.apply(v).message()).strip()),
        column("First Seen", "The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)", 1,
            v -> firstSeen(fields.apply(v))),
        new PrinterColumn<V>("Count", "string", "", "The number of times this event has occurred.", 1,
            v -> (long) count(fields.apply(v))),
        new PrinterColumn<V>("Name", "string", "name", "Name must be unique within a namespace. Is required when creating "
            + "resources, although some resources may allow a client to request the generation of an appropriate name "
            + "automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be "
            + "updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names", 1,
            v -> orEmpty(fields.apply(v).name())));
  }

  private static <V> PrinterColumn<V> column(String name, String description, int priority, Function<V, Object> value) {
    return new PrinterColumn<>(name, "string", description, priority, value);
  }

  /** An Instant (sent as an age) or {@code <unknown>}. */
  private static Object firstSeen(Fields f) {
    Instant first = f.firstTimestamp() != null ? f.firstTimestamp() : f.eventTime();
    return first == null ? UNKNOWN : first;
  }

  private static Object lastSeen(Fields f) {
    if (f.series() != null) {
      return f.series().lastObservedTime == null ? UNKNOWN : f.series().lastObservedTime;
    }
    return f.lastTimestamp() != null ? f.lastTimestamp() : firstSeen(f);
  }

  private static int count(Fields f) {
    if (f.series() != null) {
      return f.series().count == null ? 0 : f.series().count;
    }
    return f.count() == null || f.count() == 0 ? 1 : f.count(); // singleton events of the new API have none
  }

  private static String object(ObjectReference r) {
    if (r == null) {
      return "";
    }
    String kind = orEmpty(r.kind).toLowerCase(Locale.ROOT);
    return r.name == null || r.name.isEmpty() ? kind : kind + "/" + r.name;
  }

  /** kube's formatEventSource: component (or reportingController), then host (or reportingInstance). */
  private static String source(Fields f) {
    String component = firstNonEmpty(f.source() == null ? null : f.source().component, f.reportingController());
    String instance = firstNonEmpty(f.source() == null ? null : f.source().host, f.reportingInstance());
    if (component.isEmpty()) {
      return "";
    }
    return instance.isEmpty() ? component : component + ", " + instance;
  }

  private static String firstNonEmpty(String a, String b) {
    return a != null && !a.isEmpty() ? a : orEmpty(b);
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
