package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.schema.Description;
import java.util.List;

/** rbac/v1 Role (hub and v1): namespaced rules. */
@Description("Role is a namespaced, logical grouping of PolicyRules that can be referenced as a unit by a RoleBinding.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public class Role extends KubeObject {
  @Description("Rules holds all the PolicyRules for this Role")
  public List<PolicyRule> rules;

  public List<PolicyRule> rules() {
    return rules == null ? List.of() : rules;
  }

  public Role copy() {
    return copyTo(new Role());
  }

  /** Copies this into {@code c} (deeply) and returns it. */
  public <T extends Role> T copyTo(T c) {
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.metadata = metadata == null ? null : metadata.copy();
    c.rules = PolicyRule.copyAll(rules);
    return c;
  }
}
