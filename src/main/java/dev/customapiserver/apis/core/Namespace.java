package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** The hub (internal) form of Namespace. {@code spec} is a value, never null. */
@Description("Namespace provides a scope for names.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Namespace extends KubeObject {
  public static final String ACTIVE = "Active";
  public static final String TERMINATING = "Terminating";
  /** The finalizer the server's namespace lifecycle removes once the namespace is empty. */
  public static final String KUBERNETES_FINALIZER = "kubernetes";

  @NotNull @Valid public Spec spec = new Spec();
  public Status status;

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    public List<String> finalizers;
  }

  /** Observed state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public String phase;
  }
}
