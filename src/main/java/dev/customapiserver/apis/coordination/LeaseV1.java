package dev.customapiserver.apis.coordination;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;

/** Lease as served in {@code coordination.k8s.io/v1}. */
@Description("Lease defines a lease concept.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LeaseV1 extends KubeObject {
  @Description("spec contains the specification of the Lease.")
  public LeaseSpec spec;
}
