package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.Objects;

/** rbac/v1 RoleRef: the Role or ClusterRole a binding grants. */
@Description("RoleRef contains information that points to the role being used")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RoleRef {
  @Description("APIGroup is the group for the resource being referenced")
  public String apiGroup;
  @Description("Kind is the type of resource being referenced")
  public String kind;
  @Description("Name is the name of resource being referenced")
  public String name;

  public static RoleRef of(String kind, String name) {
    RoleRef r = new RoleRef();
    r.apiGroup = RbacGroup.NAME;
    r.kind = kind;
    r.name = name;
    return r;
  }

  public RoleRef copy() {
    return of3(apiGroup, kind, name);
  }

  private static RoleRef of3(String g, String k, String n) {
    RoleRef r = new RoleRef();
    r.apiGroup = g;
    r.kind = k;
    r.name = n;
    return r;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RoleRef r && Objects.equals(apiGroup, r.apiGroup) && Objects.equals(kind, r.kind)
        && Objects.equals(name, r.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiGroup, kind, name);
  }

  /** Go's {@code %#v} of the internal type, as kube prints it in "cannot change roleRef". */
  @Override
  public String toString() {
    return "rbac.RoleRef{APIGroup:" + GoQuoted.string(Objects.toString(apiGroup, "")) + ", Kind:"
        + GoQuoted.string(Objects.toString(kind, "")) + ", Name:" + GoQuoted.string(Objects.toString(name, "")) + "}";
  }
}
