package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** authorization/v1 NonResourceAttributes: the request on a path to check. */
@Description("NonResourceAttributes includes the authorization attributes available for non-resource requests to the "
    + "Authorizer interface")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class NonResourceAttributes {
  @Description("Path is the URL path of the request")
  public String path;
  @Description("Verb is the standard HTTP verb")
  public String verb;
}
