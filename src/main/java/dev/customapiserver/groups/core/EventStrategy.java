package dev.customapiserver.groups.core;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.validation.NameRules;
import dev.customapiserver.apis.core.Event;
import dev.customapiserver.apis.core.EventSource;
import dev.customapiserver.runtime.ResourceStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * kube's Event validation (pkg/apis/core/validation/events.go). Every Event passes the legacy
 * rules: an Event without eventTime has the namespace of its involved object (or none, or
 * {@code default}); one with eventTime names its reporting controller and instance, action and
 * reason, within their length limits. Writes through {@code events.k8s.io} ({@link #strict()})
 * also need eventTime, a Normal or Warning type, a valid series, none of the deprecated fields,
 * and may not change what the Event says once created; core/v1 writes get nothing more, for old
 * clients' sake.
 */
public final class EventStrategy implements ResourceStrategy<Event> {
  static final int REPORTING_INSTANCE_LIMIT = 128;
  static final int ACTION_LIMIT = 128;
  static final int REASON_LIMIT = 128;
  static final int NOTE_LIMIT = 1024;

  private final boolean strict;
  private final String reportingControllerField;

  private EventStrategy(boolean strict) {
    this.strict = strict;
    this.reportingControllerField = strict ? "reportingController" : "reportingComponent";
  }

  /** The rules of writes through core/v1. */
  public static EventStrategy legacy() {
    return new EventStrategy(false);
  }

  /** The rules of writes through events.k8s.io. */
  public static EventStrategy strict() {
    return new EventStrategy(true);
  }

  @Override
  public List<FieldError> validate(Event e) {
    List<FieldError> errors = legacy(e);
    if (!strict) {
      return errors;
    }
    series(e, errors);
    if (e.eventTime == null) {
      errors.add(FieldError.required("eventTime", ""));
    }
    if (!"Normal".equals(e.type) && !"Warning".equals(e.type)) {
      errors.add(FieldError.invalid("type", "", "has invalid value: " + (e.type == null ? "" : e.type)));
    }
    if (e.firstTimestamp != null) {
      errors.add(FieldError.invalid("firstTimestamp", "", "needs to be unset"));
    }
    if (e.lastTimestamp != null) {
      errors.add(FieldError.invalid("lastTimestamp", "", "needs to be unset"));
    }
    if (e.count != null && e.count != 0) {
      errors.add(FieldError.invalid("count", "", "needs to be unset"));
    }
    if (!EventSource.isEmpty(e.source)) {
      errors.add(FieldError.invalid("source", "", "needs to be unset"));
    }
    return errors;
  }

  @Override
  public List<FieldError> validateUpdate(Event n, Event o) {
    List<FieldError> errors = legacy(n);
    if (!strict) {
      return errors;
    }
    if (!Objects.equals(n.series, o.series)) {
      series(n, errors);
    }
    immutable("involvedObject", n.involvedObject, o.involvedObject, errors);
    immutable("reason", n.reason, o.reason, errors);
    immutable("message", n.message, o.message, errors);
    immutable("source", n.source, o.source, errors);
    immutable("firstTimestamp", n.firstTimestamp, o.firstTimestamp, errors);
    immutable("lastTimestamp", n.lastTimestamp, o.lastTimestamp, errors);
    immutable("count", n.count, o.count, errors);
    immutable("type", n.type, o.type, errors);
    immutable("eventTime", n.eventTime, o.eventTime, errors);
    immutable("action", n.action, o.action, errors);
    immutable("related", n.related, o.related, errors);
    immutable("reportingController", n.reportingController, o.reportingController, errors);
    immutable("reportingInstance", n.reportingInstance, o.reportingInstance, errors);
    return errors;
  }

  private static void immutable(String field, Object n, Object o, List<FieldError> errors) {
    if (!Objects.equals(n, o)) {
      errors.add(FieldError.invalid(field, n, "field is immutable"));
    }
  }

  private static void series(Event e, List<FieldError> errors) {
    if (e.series != null) {
      if (e.series.count == null || e.series.count < 2) {
        errors.add(FieldError.invalid("series.count", "", "should be at least 2"));
      }
      if (e.series.lastObservedTime == null) {
        errors.add(FieldError.required("series.lastObservedTime", ""));
      }
    }
  }

  private List<FieldError> legacy(Event e) {
    List<FieldError> errors = new ArrayList<>();
    String namespace = e.metadata.namespace == null ? "" : e.metadata.namespace;
    String involvedNamespace = e.involvedObject.namespace == null ? "" : e.involvedObject.namespace;
    if (e.eventTime == null) {
      boolean matches = involvedNamespace.isEmpty() ? namespace.isEmpty() || namespace.equals("default")
          : namespace.equals(involvedNamespace);
      if (!matches) {
        errors.add(FieldError.invalid("involvedObject.namespace", involvedNamespace, "does not match event.namespace"));
      }
    } else {
      if (involvedNamespace.isEmpty() && !namespace.equals("default") && !namespace.equals("kube-system")) {
        errors.add(FieldError.invalid("involvedObject.namespace", involvedNamespace, "does not match event.namespace"));
      }
      String controller = e.reportingController == null ? "" : e.reportingController;
      if (controller.isEmpty()) {
        errors.add(FieldError.required(reportingControllerField, ""));
      }
      NameRules.qualifiedName(controller).forEach(m -> errors.add(FieldError.invalid(reportingControllerField, controller, m)));
      limited("reportingInstance", e.reportingInstance, REPORTING_INSTANCE_LIMIT, true, errors);
      limited("action", e.action, ACTION_LIMIT, true, errors);
      limited("reason", e.reason, REASON_LIMIT, true, errors);
      limited("message", e.message, NOTE_LIMIT, false, errors);
    }
    NameRules.dns1123Subdomain(namespace).forEach(m -> errors.add(FieldError.invalid("namespace", namespace, m)));
    return errors;
  }

  private static void limited(String field, String value, int limit, boolean required, List<FieldError> errors) {
    int length = value == null ? 0 : value.length();
    if (required && length == 0) {
      errors.add(FieldError.required(field, ""));
    }
    if (length > limit) {
      errors.add(FieldError.invalid(field, "", "can have at most " + limit + " characters"));
    }
  }
}
