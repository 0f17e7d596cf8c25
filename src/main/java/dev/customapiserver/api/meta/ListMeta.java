package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** metav1.ListMeta. {@code resourceVersion} is always set on lists the server returns. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ListMeta {
  public String resourceVersion;
  @JsonProperty("continue")
  public String continueToken;
  public Long remainingItemCount;

  public ListMeta() {}

  public ListMeta(String resourceVersion, String continueToken, Long remainingItemCount) {
    this.resourceVersion = resourceVersion;
    this.continueToken = continueToken;
    this.remainingItemCount = remainingItemCount;
  }
}
