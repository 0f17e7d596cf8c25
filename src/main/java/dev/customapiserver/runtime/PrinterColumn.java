package dev.customapiserver.runtime;

import java.util.function.Function;

/**
 * A column of {@code kubectl get} output for one version of a kind. NAME and AGE are added by the
 * server around the kind's own columns (AGE unless the version's columns replace it, see
 * {@link ServedVersion#withColumnsOnly}). {@code priority > 0} shows only with {@code -o wide}.
 * A value that is an {@link java.time.Instant} is sent as an age ({@code 5m}), as kube sends
 * {@code date} columns.
 *
 * @param type a Table column type: string, integer, number, boolean, date
 * @param format an OpenAPI format hint of the column ({@code int32}, {@code date-time}...), or empty
 * @param <V> the versioned type the value is read from
 */
public record PrinterColumn<V>(String name, String type, String format, String description, int priority,
    Function<V, Object> value) {

  public PrinterColumn(String name, String type, String description, int priority, Function<V, Object> value) {
    this(name, type, "", description, priority, value);
  }

  public static <V> PrinterColumn<V> of(String name, String type, String description, Function<V, Object> value) {
    return new PrinterColumn<>(name, type, description, 0, value);
  }
}
