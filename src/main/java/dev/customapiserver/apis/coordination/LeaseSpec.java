package dev.customapiserver.apis.coordination;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.customapiserver.api.meta.MicroTime;
import dev.customapiserver.schema.Description;
import java.time.Instant;

/** coordination.k8s.io LeaseSpec, the same in the hub and in v1. Times are MicroTimes. */
@Description("LeaseSpec is a specification of a Lease.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LeaseSpec {
  @Description("holderIdentity contains the identity of the holder of a current lease.")
  public String holderIdentity;
  @Description("leaseDurationSeconds is a duration that candidates for a lease need to wait to force acquire it. "
      + "This is measured against the time of last observed renewTime.")
  public Integer leaseDurationSeconds;
  @Description("acquireTime is a time when the current lease was acquired.")
  @JsonSerialize(using = MicroTime.Serializer.class)
  public Instant acquireTime;
  @Description("renewTime is a time when the current holder of a lease has last updated the lease.")
  @JsonSerialize(using = MicroTime.Serializer.class)
  public Instant renewTime;
  @Description("leaseTransitions is the number of transitions of a lease between holders.")
  public Integer leaseTransitions;
  @Description("Strategy indicates the strategy for picking the leader for coordinated leader election.")
  public String strategy;
  @Description("PreferredHolder signals to a lease holder that the lease has a more optimal holder and should be given up.")
  public String preferredHolder;

  /** A copy, times truncated to microseconds (what a MicroTime holds). */
  public LeaseSpec copy() {
    LeaseSpec c = new LeaseSpec();
    c.holderIdentity = holderIdentity;
    c.leaseDurationSeconds = leaseDurationSeconds;
    c.acquireTime = MicroTime.truncate(acquireTime);
    c.renewTime = MicroTime.truncate(renewTime);
    c.leaseTransitions = leaseTransitions;
    c.strategy = strategy;
    c.preferredHolder = preferredHolder;
    return c;
  }
}
