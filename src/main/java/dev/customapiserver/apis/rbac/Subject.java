package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;

/** rbac/v1 Subject: a User, Group or ServiceAccount a binding grants its role to. */
@Description("Subject contains a reference to the object or user identities a role binding applies to.  This can either "
    + "hold a direct API object reference, or a value for non-objects such as user and group names.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class Subject {
  public static final String USER = "User";
  public static final String GROUP = "Group";
  public static final String SERVICE_ACCOUNT = "ServiceAccount";

  @Description("Kind of object being referenced. Values defined by this API group are \"User\", \"Group\", and "
      + "\"ServiceAccount\". If the Authorizer does not recognized the kind value, the Authorizer should report an error.")
  @Enum({"User", "Group", "ServiceAccount"})
  public String kind;
  @Description("APIGroup holds the API group of the referenced subject. Defaults to \"\" for ServiceAccount subjects. "
      + "Defaults to \"rbac.authorization.k8s.io\" for User and Group subjects.")
  public String apiGroup;
  @Description("Name of the object being referenced.")
  public String name;
  @Description("Namespace of the referenced object.  If the object kind is non-namespace, such as \"User\" or \"Group\", "
      + "and this value is not empty the Authorizer should report an error.")
  public String namespace;

  public static Subject of(String kind, String name) {
    Subject s = new Subject();
    s.kind = kind;
    s.apiGroup = SERVICE_ACCOUNT.equals(kind) ? "" : RbacGroup.NAME;
    s.name = name;
    return s;
  }

  public Subject copy() {
    Subject c = new Subject();
    c.kind = kind;
    c.apiGroup = apiGroup;
    c.name = name;
    c.namespace = namespace;
    return c;
  }
}
