package dev.customapiserver.apis.cicd;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Description;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;

/** JenkinsService as served in {@code autobusi.group.cicd/v1alpha}. */
@Description("A JenkinsService asks for a number of Jenkins instances.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class JenkinsServiceV1alpha extends KubeObject {
  @Description("Desired state of the JenkinsService.")
  @Valid public Spec spec;
  @Description("Observed state of the JenkinsService, set by the server.")
  public Status status;

  /** Desired state. */
  @Description("JenkinsServiceSpec is the desired state of a JenkinsService.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    @Description("How many Jenkins instances to run; when given, 1 to 10.")
    @Min(1) @Max(10) public Integer instanceamount;
    @Description("CPUs per instance; when given, 1 to 64. Defaults to 1.")
    @Default("1")
    @Min(1) @Max(64) public Integer instancecpu;
  }

  /** Observed state. */
  @Description("JenkinsServiceStatus is the observed state of a JenkinsService.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    @Description("Approval of the request: Pending when created.")
    public String approvalstatus;
    @Description("The instances.")
    public List<Instance> instances;
  }

  /** One instance. */
  @Description("A Jenkins instance.")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Instance {
    @Description("CPUs of the instance.")
    public Integer cpu;
    @Description("Whether the instance runs.")
    public Boolean running;
  }
}
