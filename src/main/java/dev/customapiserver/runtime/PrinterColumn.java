package dev.customapiserver.runtime;

import java.util.function.Function;

/**
 * A column of {@code kubectl get} output for one version of a kind. NAME and AGE are added by the
 * server around the kind's own columns. {@code priority > 0} shows only with {@code -o wide}.
 *
 * @param type a Table column type: string, integer, number, boolean, date
 * @param <V> the versioned type the value is read from
 */
public record PrinterColumn<V>(String name, String type, String description, int priority, Function<V, Object> value) {
  public static <V> PrinterColumn<V> of(String name, String type, String description, Function<V, Object> value) {
    return new PrinterColumn<>(name, type, description, 0, value);
  }
}
