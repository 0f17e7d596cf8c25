package dev.customapiserver.apis.rbac;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.ArrayList;
import java.util.List;

/** rbac/v1 PolicyRule: verbs on resources of API groups (optionally by name), or on non-resource URLs. */
@Description("PolicyRule holds information that describes a policy rule, but does not contain information about who the "
    + "rule applies to or which namespace the rule applies to.")
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class PolicyRule {
  @Description("Verbs is a list of Verbs that apply to ALL the ResourceKinds contained in this rule. '*' represents all verbs.")
  public List<String> verbs;
  @Description("APIGroups is the name of the APIGroup that contains the resources. If multiple API groups are specified, "
      + "any action requested against one of the enumerated resources in any API group will be allowed. \"\" represents "
      + "the core API group and \"*\" represents all API groups.")
  public List<String> apiGroups;
  @Description("Resources is a list of resources this rule applies to. '*' represents all resources.")
  public List<String> resources;
  @Description("ResourceNames is an optional white list of names that the rule applies to.  An empty set means that "
      + "everything is allowed.")
  public List<String> resourceNames;
  @Description("NonResourceURLs is a set of partial urls that a user should have access to.  *s are allowed, but only as "
      + "the full, final step in the path.")
  public List<String> nonResourceURLs;

  /** A resource rule. */
  public static PolicyRule resources(List<String> groups, List<String> resources, List<String> verbs) {
    PolicyRule r = new PolicyRule();
    r.apiGroups = new ArrayList<>(groups);
    r.resources = new ArrayList<>(resources);
    r.verbs = new ArrayList<>(verbs);
    return r;
  }

  /** A non-resource rule. */
  public static PolicyRule urls(List<String> urls, List<String> verbs) {
    PolicyRule r = new PolicyRule();
    r.nonResourceURLs = new ArrayList<>(urls);
    r.verbs = new ArrayList<>(verbs);
    return r;
  }

  public List<String> verbs() {
    return verbs == null ? List.of() : verbs;
  }

  public List<String> apiGroups() {
    return apiGroups == null ? List.of() : apiGroups;
  }

  public List<String> resources() {
    return resources == null ? List.of() : resources;
  }

  public List<String> resourceNames() {
    return resourceNames == null ? List.of() : resourceNames;
  }

  public List<String> nonResourceURLs() {
    return nonResourceURLs == null ? List.of() : nonResourceURLs;
  }

  public PolicyRule copy() {
    PolicyRule c = new PolicyRule();
    c.verbs = copy(verbs);
    c.apiGroups = copy(apiGroups);
    c.resources = copy(resources);
    c.resourceNames = copy(resourceNames);
    c.nonResourceURLs = copy(nonResourceURLs);
    return c;
  }

  public static List<String> copy(List<String> l) {
    return l == null ? null : new ArrayList<>(l);
  }

  public static List<PolicyRule> copyAll(List<PolicyRule> rules) {
    return rules == null ? null : new ArrayList<>(rules.stream().map(r -> r == null ? null : r.copy()).toList());
  }

  /**
   * kube's compact form for escalation messages: {@code {APIGroups:["g"], Resources:["r"], Verbs:["get"]}},
   * the non-empty lists among APIGroups, Resources, NonResourceURLs, ResourceNames, Verbs.
   */
  public String compactString() {
    List<String> parts = new ArrayList<>();
    part(parts, "APIGroups", apiGroups());
    part(parts, "Resources", resources());
    part(parts, "NonResourceURLs", nonResourceURLs());
    part(parts, "ResourceNames", resourceNames());
    part(parts, "Verbs", verbs());
    return "{" + String.join(", ", parts) + "}";
  }

  private static void part(List<String> parts, String name, List<String> values) {
    if (!values.isEmpty()) {
      parts.add(name + ":" + GoQuoted.list(values));
    }
  }

  @Override
  public String toString() {
    return compactString();
  }
}
