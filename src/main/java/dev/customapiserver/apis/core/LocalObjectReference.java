package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** core/v1 LocalObjectReference: an object in the same namespace, by name. */
@Description("LocalObjectReference contains enough information to let you locate the referenced object inside the same namespace.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class LocalObjectReference {
  @Description("Name of the referent.")
  public String name;

  public static LocalObjectReference copy(LocalObjectReference r) {
    LocalObjectReference c = new LocalObjectReference();
    c.name = r.name;
    return c;
  }
}
