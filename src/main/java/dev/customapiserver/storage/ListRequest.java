package dev.customapiserver.storage;

import java.util.function.Predicate;

/**
 * A list of one resource.
 *
 * @param namespace only this namespace, or {@code null} for all namespaces (and cluster-scoped resources)
 * @param filter which objects to return (label and field selectors); applied before {@code limit}
 * @param limit at most this many items, 0 for all
 * @param continueToken from a previous page, or {@code null}
 * @param resourceVersion the list's resourceVersion parameter, or {@code null}
 * @param match how {@code resourceVersion} is to be read
 */
public record ListRequest<H>(String namespace, Predicate<H> filter, long limit, String continueToken,
    String resourceVersion, ResourceVersionMatch match) {
  public static <H> ListRequest<H> all(String namespace) {
    return new ListRequest<>(namespace, h -> true, 0, null, null, ResourceVersionMatch.UNSET);
  }
}
