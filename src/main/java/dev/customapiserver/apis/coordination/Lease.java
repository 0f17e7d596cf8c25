package dev.customapiserver.apis.coordination;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;

/** The hub form of Lease. {@code spec} is a value, never null. */
@Description("Lease defines a lease concept.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Lease extends KubeObject {
  public LeaseSpec spec = new LeaseSpec();
}
