package dev.customapiserver.apis.wardle;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;

/** Flunder as served in {@code wardle.example.com/v1alpha1}: one reference, typed by referenceType. */
@Description("A Flunder refers to another Flunder or to a Fischer.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class FlunderV1alpha1 extends KubeObject {
  @Description("Desired state of the Flunder.")
  public Spec spec;
  @Description("Observed state of the Flunder (empty).")
  public Status status;

  /** Desired state. */
  @Description("FlunderSpec is the desired state of a Flunder.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Name of the Flunder or Fischer referred to, depending on referenceType.")
    public String reference;
    @Description("Flunder or Fischer. Defaults to Flunder when reference is set.")
    @Enum({"Flunder", "Fischer"})
    public String referenceType;
  }

  /** Observed state. */
  @Description("FlunderStatus is the observed state of a Flunder.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {}
}
