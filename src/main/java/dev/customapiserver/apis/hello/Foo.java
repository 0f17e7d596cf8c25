package dev.customapiserver.apis.hello;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The hub (internal) form of Foo, shaped like v2. {@code spec} and {@code spec.config} are values,
 * never null, so a missing message is reported as {@code spec.config.msg}.
 */
@Description("Foo is a hello-world resource: a message and an image.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Foo extends KubeObject {
  @NotNull @Valid public Spec spec = new Spec();
  @Valid public Status status;

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    public String image;
    @NotNull @Valid public Config config = new Config();
  }

  /** The message configuration. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Config {
    @NotBlank @Size(max = 256) public String msg;
    public String msg1;
  }

  /** Observed state, written through the status subresource. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public String phase;
    @Valid public List<Condition> conditions;

    public Status copy() {
      Status c = new Status();
      c.phase = phase;
      c.conditions = conditions == null ? null : new ArrayList<>(conditions.stream().map(Condition::copy).toList());
      return c;
    }
  }

  /** One condition of the status. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Condition {
    public String type;
    public String status;
    public String reason;
    public String message;
    public Instant lastTransitionTime;

    public Condition copy() {
      Condition c = new Condition();
      c.type = type;
      c.status = status;
      c.reason = reason;
      c.message = message;
      c.lastTransitionTime = lastTransitionTime;
      return c;
    }
  }
}
