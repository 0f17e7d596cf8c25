package dev.customapiserver.apis.cicd;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.ArrayList;
import java.util.List;

/** The hub (internal) form of JenkinsService. {@code spec} is a value, never null. */
@Description("A JenkinsService asks for a number of Jenkins instances.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class JenkinsService extends KubeObject {
  @NotNull @Valid public Spec spec = new Spec();
  public Status status;

  /** Desired state. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Min(1) @Max(10) public Integer instanceamount;
    @Min(1) @Max(64) public Integer instancecpu;
  }

  /** Observed state, set by the server. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public String approvalstatus;
    public List<Instance> instances;

    public Status copy() {
      Status c = new Status();
      c.approvalstatus = approvalstatus;
      c.instances = instances == null ? null
          : new ArrayList<>(instances.stream().map(i -> i == null ? null : new Instance(i.cpu, i.running)).toList());
      return c;
    }
  }

  /** One running (or starting) instance. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Instance {
    public Integer cpu;
    public Boolean running;

    public Instance() {}

    public Instance(Integer cpu, Boolean running) {
      this.cpu = cpu;
      this.running = running;
    }
  }
}
