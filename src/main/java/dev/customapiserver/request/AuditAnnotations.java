package dev.customapiserver.request;

import java.util.Map;
import java.util.TreeMap;

/**
 * The annotations of one request's audit events, as kube's {@code audit.AddAuditAnnotation}: the
 * audit puts one in the {@link RequestContext} when it records the request, stages further in add to
 * it (the authorizer's {@code authorization.k8s.io/decision} and {@code authorization.k8s.io/reason}),
 * and every event written after that carries them.
 */
public final class AuditAnnotations {
  private final Map<String, String> values = new TreeMap<>();

  /** Sets {@code key} to {@code value} (kube keeps the first value of a key; so does this). */
  public synchronized void add(String key, String value) {
    values.putIfAbsent(key, value == null ? "" : value);
  }

  /** The annotations so far, sorted by key (as Go encodes a map). */
  public synchronized Map<String, String> snapshot() {
    return new TreeMap<>(values);
  }
}
