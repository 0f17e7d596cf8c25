package dev.customapiserver.storage;

import java.util.List;

/**
 * One page of a list, in key order (namespace, then name).
 *
 * @param resourceVersion the revision the page reflects
 * @param continueToken opaque token for the next page, {@code null} on the last page
 * @param remainingItemCount how many more items match, when known cheaply, else {@code null}
 */
public record ListPage<H>(List<H> items, long resourceVersion, String continueToken, Long remainingItemCount) {}
