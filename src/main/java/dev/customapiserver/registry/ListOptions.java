package dev.customapiserver.registry;

import dev.customapiserver.api.selectors.FieldSelector;
import dev.customapiserver.api.selectors.LabelSelector;
import dev.customapiserver.storage.ResourceVersionMatch;

/** A parsed list request: selectors, paging and resourceVersion semantics. */
public record ListOptions(LabelSelector labels, FieldSelector fields, long limit, String continueToken,
    String resourceVersion, ResourceVersionMatch match) {
  public static final ListOptions ALL = new ListOptions(LabelSelector.everything(), FieldSelector.everything(), 0, null,
      null, ResourceVersionMatch.UNSET);
}
