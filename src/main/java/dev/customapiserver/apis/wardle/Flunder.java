package dev.customapiserver.apis.wardle;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/**
 * The hub (internal) form of Flunder, shaped like v1beta1 (as in sample-apiserver): one field per
 * reference type. {@code spec} is a value, never null.
 */
@Description("A Flunder refers to another Flunder or to a Fischer.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Flunder extends KubeObject {
  public static final String FLUNDER = "Flunder";
  public static final String FISCHER = "Fischer";

  @NotNull @Valid public Spec spec = new Spec();
  public Status status;

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    public String fischerReference;
    public String flunderReference;
    public String referenceType;
  }

  /** Observed state (empty, as in sample-apiserver). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {}
}
