package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** metav1.DeleteOptions, as sent in a DELETE body or as query parameters. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public final class DeleteOptions {
  public String apiVersion;
  public String kind;
  public Long gracePeriodSeconds;
  public Preconditions preconditions;
  public Boolean orphanDependents;
  public String propagationPolicy;
  public List<String> dryRun;

  /** metav1.Preconditions. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Preconditions(String uid, String resourceVersion) {}
}
