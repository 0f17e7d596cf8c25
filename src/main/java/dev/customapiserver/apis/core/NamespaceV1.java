package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import java.util.List;

/** Namespace as served in core {@code v1}. */
@Description("Namespace provides a scope for Names. Use of multiple namespaces is optional.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class NamespaceV1 extends KubeObject {
  @Description("Spec defines the behavior of the Namespace.")
  public Spec spec;
  @Description("Status describes the current status of a Namespace.")
  public Status status;

  /** Desired state. */
  @Description("NamespaceSpec describes the attributes on a Namespace.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Finalizers is an opaque list of values that must be empty to permanently remove object from storage.")
    @ListType("set")
    @Default("[\"kubernetes\"]")
    public List<String> finalizers;
  }

  /** Observed state. */
  @Description("NamespaceStatus is information about the current status of a Namespace.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    @Description("Phase is the current lifecycle phase of the namespace: Active or Terminating.")
    @Enum({"Active", "Terminating"})
    @Default("Active")
    public String phase;
  }
}
