package dev.customapiserver.storage;

/** How a list's resourceVersion is interpreted (metav1.ResourceVersionMatch); absent is {@link #UNSET}. */
public enum ResourceVersionMatch {
  UNSET, NOT_OLDER_THAN, EXACT
}
