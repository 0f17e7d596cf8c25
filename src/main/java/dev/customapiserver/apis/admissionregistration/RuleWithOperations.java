package dev.customapiserver.apis.admissionregistration;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import dev.customapiserver.schema.Enum;
import dev.customapiserver.schema.Default;
import java.util.ArrayList;
import java.util.List;

/** Which requests a webhook is called for: operations on group/version/resource(/subresource) in a scope. */
@Description("RuleWithOperations is a tuple of Operations and Resources. It is recommended to make sure that all the "
    + "tuple expansions are valid.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class RuleWithOperations {
  @Description("Operations is the operations the admission hook cares about - CREATE, UPDATE, DELETE, CONNECT or * for "
      + "all of those operations and any future admission operations that are added. If '*' is present, the length of "
      + "the slice must be one. Required.")
  @Enum({"CREATE", "UPDATE", "DELETE", "CONNECT", "*"})
  public List<String> operations;
  @Description("APIGroups is the API groups the resources belong to. '*' is all groups. If '*' is present, the length "
      + "of the slice must be one. Required.")
  public List<String> apiGroups;
  @Description("APIVersions is the API versions the resources belong to. '*' is all versions. If '*' is present, the "
      + "length of the slice must be one. Required.")
  public List<String> apiVersions;
  @Description("Resources is a list of resources this rule applies to. 'pods' means pods, 'pods/log' means the log "
      + "subresource of pods, '*' means all resources but not subresources, 'pods/*' means all subresources of pods, "
      + "'*/scale' means all scale subresources, '*/*' means all resources and their subresources.")
  public List<String> resources;
  @Description("scope specifies the scope of this rule. Valid values are \"Cluster\", \"Namespaced\", and \"*\". "
      + "Default is \"*\".")
  @Enum({"Cluster", "Namespaced", "*"})
  @Default("*")
  public String scope;

  public RuleWithOperations copy() {
    RuleWithOperations c = new RuleWithOperations();
    c.operations = copyOf(operations);
    c.apiGroups = copyOf(apiGroups);
    c.apiVersions = copyOf(apiVersions);
    c.resources = copyOf(resources);
    c.scope = scope;
    return c;
  }

  public static List<String> copyOf(List<String> l) {
    return l == null ? null : new ArrayList<>(l);
  }
}
