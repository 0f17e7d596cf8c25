package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;

/** authorization/v1 ResourceAttributes: the request on a resource to check. */
@Description("ResourceAttributes includes the authorization attributes available for resource requests to the Authorizer "
    + "interface")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ResourceAttributes {
  @Description("Namespace is the namespace of the action being requested.")
  public String namespace;
  @Description("Verb is a kubernetes resource API verb, like: get, list, watch, create, update, delete, proxy.  \"*\" means all.")
  public String verb;
  @Description("Group is the API Group of the Resource.  \"*\" means all.")
  public String group;
  @Description("Version is the API Version of the Resource.  \"*\" means all.")
  public String version;
  @Description("Resource is one of the existing resource types.  \"*\" means all.")
  public String resource;
  @Description("Subresource is one of the existing resource types.  \"\" means none.")
  public String subresource;
  @Description("Name is the name of the resource being requested for a \"get\" or deleted for a \"delete\". \"\" (empty) means all.")
  public String name;

  public static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}
