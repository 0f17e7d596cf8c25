package dev.customapiserver.apis.wardle;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;

/** Flunder as served in {@code wardle.example.com/v1beta1}, the preferred version. */
@Description("A Flunder refers to another Flunder or to a Fischer.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class FlunderV1beta1 extends KubeObject {
  @Description("Desired state of the Flunder.")
  public Spec spec;
  @Description("Observed state of the Flunder (empty).")
  public Status status;

  /** Desired state; the fields in the order of sample-apiserver's Go struct (their protobuf numbers). */
  @Description("FlunderSpec is the desired state of a Flunder.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Name of the Flunder referred to; required when referenceType is Flunder.")
    public String flunderReference;
    @Description("Name of the Fischer referred to; required when referenceType is Fischer.")
    public String fischerReference;
    @Description("Flunder or Fischer.")
    @Enum({"Flunder", "Fischer"})
    public String referenceType;
  }

  /** Observed state. */
  @Description("FlunderStatus is the observed state of a Flunder.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {}
}
