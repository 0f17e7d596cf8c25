package dev.customapiserver.apis.hello;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListType;
import dev.customapiserver.api.meta.PatchStrategy;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;

/** Foo as served in {@code hello.zeng.dev/v2}: the preferred and the storage version. */
@Description("Foo is a hello-world resource: a message to show and the image that shows it.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class FooV2 extends KubeObject {
  @Description("Desired state of the Foo.")
  @Valid public Spec spec;
  @Description("Observed state of the Foo, written through the status subresource.")
  @Valid public Status status;

  /** Desired state. */
  @Description("FooSpec is the desired state of a Foo.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("Container image that shows the message. Defaults to nginx:latest.")
    @Default("nginx:latest")
    public String image;
    @Description("The message configuration.")
    @Valid public Config config;
  }

  /** The message configuration. */
  @Description("FooConfig holds the messages of a Foo.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Config {
    @Description("The message. Required, at most 256 characters.")
    @NotBlank @Size(max = 256) public String msg;
    @Description("A second, optional message.")
    public String msg1;
  }

  /** Observed state. */
  @Description("FooStatus is the observed state of a Foo.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    @Description("The phase the Foo is in.")
    public String phase;
    @Description("The latest observations of the Foo's state.")
    @PatchStrategy(value = "merge", mergeKey = "type")
    @ListType(value = "map", mapKeys = {"type"})
    public List<Condition> conditions;
  }

  /** One condition. */
  @Description("A condition of a Foo.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Condition {
    @Description("Type of the condition.")
    public String type;
    @Description("Status of the condition: True, False or Unknown.")
    public String status;
    @Description("Machine-readable reason of the last transition.")
    public String reason;
    @Description("Human-readable message of the last transition.")
    public String message;
    @Description("When the condition last changed status.")
    public Instant lastTransitionTime;
  }
}
