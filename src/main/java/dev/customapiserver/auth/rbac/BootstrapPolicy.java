package dev.customapiserver.auth.rbac;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.rbac.AggregationRule;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.ClusterRoleBinding;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.apis.rbac.PolicyRule;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.apis.rbac.Subject;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.runtime.Scheme;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * kube's bootstrap RBAC policy as this server needs it: cluster-admin, the aggregated admin, edit and
 * view (fed by {@code rbac.authorization.k8s.io/aggregate-to-*} labels), system:discovery,
 * system:basic-user, system:public-info-viewer and their bindings; kube's system:aggregate-to-*
 * rules for the built-in groups served here, and for every other group (the modules') rules derived
 * from its namespaced resources: view reads them, edit writes them and their scale.
 */
public final class BootstrapPolicy {
  public static final String AUTOUPDATE = "rbac.authorization.kubernetes.io/autoupdate";
  public static final String BOOTSTRAPPING = "kubernetes.io/bootstrapping";
  static final String AGGREGATE = "rbac.authorization.k8s.io/aggregate-to-";
  static final List<String> READ = List.of("get", "list", "watch");
  static final List<String> WRITE = List.of("create", "delete", "deletecollection", "patch", "update");
  static final List<String> READ_WRITE = List.of("create", "delete", "deletecollection", "get", "list", "patch", "update",
      "watch");
  static final List<String> DISCOVERY_URLS = List.of("/api", "/api/*", "/apis", "/apis/*", "/healthz", "/livez",
      "/openapi", "/openapi/*", "/readyz", "/version", "/version/");
  /** Not kube's: lets anyone load the web console's static pages (kube ships no console). */
  static final String CONSOLE_VIEWER = "system:console-viewer";
  static final List<String> PUBLIC_URLS = List.of("/healthz", "/livez", "/readyz", "/version", "/version/");

  private BootstrapPolicy() {}

  /** The bootstrap ClusterRoles for the groups {@code scheme} serves. */
  public static List<ClusterRole> clusterRoles(Scheme scheme) {
    List<ClusterRole> roles = new ArrayList<>();
    roles.add(role("cluster-admin", Map.of(), PolicyRule.resources(List.of("*"), List.of("*"), List.of("*")),
        PolicyRule.urls(List.of("*"), List.of("*"))));
    roles.add(aggregated("admin", Map.of(), "admin"));
    roles.add(aggregated("edit", Map.of(AGGREGATE + "admin", "true"), "edit"));
    roles.add(aggregated("view", Map.of(AGGREGATE + "edit", "true"), "view"));
    roles.add(role("system:discovery", Map.of(), PolicyRule.urls(DISCOVERY_URLS, List.of("get"))));
    roles.add(role("system:public-info-viewer", Map.of(), PolicyRule.urls(PUBLIC_URLS, List.of("get"))));
    roles.add(role(CONSOLE_VIEWER, Map.of(), PolicyRule.urls(List.of("/console", "/console/*"), List.of("get"))));
    roles.add(role("system:service-account-issuer-discovery", Map.of(), PolicyRule.urls(List.of(
        "/.well-known/openid-configuration", "/.well-known/openid-configuration/", "/openid/v1/jwks", "/openid/v1/jwks/"),
        List.of("get"))));
    roles.add(role("system:basic-user", Map.of(),
        PolicyRule.resources(List.of("authorization.k8s.io"), List.of("selfsubjectaccessreviews", "selfsubjectrulesreviews"),
            List.of("create")),
        PolicyRule.resources(List.of("authentication.k8s.io"), List.of("selfsubjectreviews"), List.of("create"))));
    roles.add(role("system:aggregate-to-admin", Map.of(AGGREGATE + "admin", "true"),
        PolicyRule.resources(List.of("rbac.authorization.k8s.io"), List.of("roles", "rolebindings"), READ_WRITE),
        PolicyRule.resources(List.of("authorization.k8s.io"), List.of("localsubjectaccessreviews"), List.of("create"))));
    roles.add(role("system:aggregate-to-edit", Map.of(AGGREGATE + "edit", "true"),
        PolicyRule.resources(List.of(""), List.of("secrets"), READ),
        PolicyRule.resources(List.of(""), List.of("configmaps", "secrets", "serviceaccounts"), WRITE),
        PolicyRule.resources(List.of(""), List.of("serviceaccounts/token"), List.of("create"))));
    roles.add(role("system:aggregate-to-view", Map.of(AGGREGATE + "view", "true"),
        PolicyRule.resources(List.of(""), List.of("configmaps", "serviceaccounts", "events"), READ),
        PolicyRule.resources(List.of(""), List.of("namespaces", "namespaces/status"), READ)));
    roles.addAll(ModuleRoles.of(scheme));
    return roles;
  }

  /** The bootstrap ClusterRoleBindings. */
  public static List<ClusterRoleBinding> clusterRoleBindings() {
    return List.of(
        binding("cluster-admin", SystemGroups.MASTERS),
        binding("system:discovery", SystemGroups.AUTHENTICATED),
        binding("system:basic-user", SystemGroups.AUTHENTICATED),
        binding("system:public-info-viewer", SystemGroups.AUTHENTICATED, SystemGroups.UNAUTHENTICATED),
        binding(CONSOLE_VIEWER, SystemGroups.AUTHENTICATED, SystemGroups.UNAUTHENTICATED),
        binding("system:service-account-issuer-discovery", "system:serviceaccounts"));
  }

  static ClusterRole role(String name, Map<String, String> labels, PolicyRule... rules) {
    ClusterRole r = new ClusterRole();
    r.metadata = meta(name, labels);
    r.rules = new ArrayList<>(List.of(rules));
    return r;
  }

  private static ClusterRole aggregated(String name, Map<String, String> labels, String to) {
    ClusterRole r = role(name, labels);
    r.rules = null;
    r.aggregationRule = new AggregationRule();
    LabelSelector s = new LabelSelector();
    s.matchLabels = new LinkedHashMap<>(Map.of(AGGREGATE + to, "true"));
    r.aggregationRule.clusterRoleSelectors = new ArrayList<>(List.of(s));
    return r;
  }

  private static ClusterRoleBinding binding(String role, String... groups) {
    ClusterRoleBinding b = new ClusterRoleBinding();
    b.metadata = meta(role, Map.of());
    b.roleRef = RoleRef.of("ClusterRole", role);
    b.subjects = new ArrayList<>();
    for (String g : groups) {
      b.subjects.add(Subject.of(Subject.GROUP, g));
    }
    return b;
  }

  private static ObjectMeta meta(String name, Map<String, String> labels) {
    ObjectMeta m = new ObjectMeta();
    m.name = name;
    m.labels = new LinkedHashMap<>(labels);
    m.labels.put(BOOTSTRAPPING, "rbac-defaults");
    m.annotations = new LinkedHashMap<>(Map.of(AUTOUPDATE, "true"));
    return m;
  }
}
