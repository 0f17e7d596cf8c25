package dev.customapiserver.registry;

import dev.customapiserver.api.selectors.FieldSelector;
import dev.customapiserver.api.selectors.LabelQuery;
import dev.customapiserver.storage.ResourceVersionMatch;

/** A parsed list request: selectors, paging and resourceVersion semantics. */
public record ListOptions(LabelQuery labels, FieldSelector fields, long limit, String continueToken,
    String resourceVersion, ResourceVersionMatch match) {
  public static final ListOptions ALL = new ListOptions(LabelQuery.everything(), FieldSelector.everything(), 0, null,
      null, ResourceVersionMatch.UNSET);
}
