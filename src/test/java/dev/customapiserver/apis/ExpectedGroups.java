package dev.customapiserver.apis;

import java.util.List;
import java.util.Set;

/** What seed-apis.md promises about each built-in resource. */
final class ExpectedGroups {
  record Expected(String group, List<String> versions, String kind, String plural, boolean namespaced,
      List<String> shortNames, String storageVersion, boolean status) {}

  static final List<Expected> RESOURCES = List.of(
      new Expected("hello.zeng.dev", List.of("v2", "v1"), "Foo", "foos", true, List.of("fo"), "v2", true),
      new Expected("wardle.example.com", List.of("v1beta1", "v1alpha1"), "Flunder", "flunders", true, List.of(),
          "v1alpha1", true),
      new Expected("wardle.example.com", List.of("v1beta1", "v1alpha1"), "Fischer", "fischers", false, List.of(),
          "v1alpha1", false),
      new Expected("restaurant.wukong.com", List.of("v1beta1", "v1alpha1"), "Pizza", "pizzas", true, List.of(),
          "v1beta1", true),
      new Expected("restaurant.wukong.com", List.of("v1beta1", "v1alpha1"), "Topping", "toppings", false, List.of(),
          "v1beta1", false),
      new Expected("restaurant.programming-kubernetes.info", List.of("v1beta1", "v1alpha1"), "Pizza", "pizzas", true,
          List.of(), "v1beta1", true),
      new Expected("restaurant.programming-kubernetes.info", List.of("v1beta1", "v1alpha1"), "Topping", "toppings", false,
          List.of(), "v1alpha1", false),
      new Expected("autobusi.group.cicd", List.of("v1alpha"), "JenkinsService", "jenkinsservices", true,
          List.of("js"), "v1alpha", true),
      new Expected("", List.of("v1"), "Namespace", "namespaces", false, List.of("ns"), "v1", true),
      new Expected("admissionregistration.k8s.io", List.of("v1"), "ValidatingWebhookConfiguration",
          "validatingwebhookconfigurations", false, List.of(), "v1", false),
      new Expected("admissionregistration.k8s.io", List.of("v1"), "MutatingWebhookConfiguration",
          "mutatingwebhookconfigurations", false, List.of(), "v1", false),
      new Expected("", List.of("v1"), "ConfigMap", "configmaps", true, List.of("cm"), "v1", false),
      new Expected("", List.of("v1"), "Secret", "secrets", true, List.of(), "v1", false),
      new Expected("coordination.k8s.io", List.of("v1"), "Lease", "leases", true, List.of(), "v1", false),
      new Expected("", List.of("v1"), "Event", "events", true, List.of("ev"), "v1", false),
      new Expected("events.k8s.io", List.of("v1"), "Event", "events", true, List.of("ev"), "v1", false),
      new Expected("", List.of("v1"), "ServiceAccount", "serviceaccounts", true, List.of("sa"), "v1", false),
      new Expected("rbac.authorization.k8s.io", List.of("v1"), "Role", "roles", true, List.of(), "v1", false),
      new Expected("rbac.authorization.k8s.io", List.of("v1"), "ClusterRole", "clusterroles", false, List.of(), "v1", false),
      new Expected("rbac.authorization.k8s.io", List.of("v1"), "RoleBinding", "rolebindings", true, List.of(), "v1", false),
      new Expected("rbac.authorization.k8s.io", List.of("v1"), "ClusterRoleBinding", "clusterrolebindings", false, List.of(),
          "v1", false),
      new Expected("apiextensions.k8s.io", List.of("v1"), "CustomResourceDefinition", "customresourcedefinitions", false,
          List.of("crd", "crds"), "v1", true));

  static final Set<String> NAMES = Set.of("hello.zeng.dev", "wardle.example.com", "restaurant.wukong.com",
      "restaurant.programming-kubernetes.info", "autobusi.group.cicd", "",
      "admissionregistration.k8s.io", "coordination.k8s.io", "events.k8s.io", "rbac.authorization.k8s.io",
      "authentication.k8s.io", "apiextensions.k8s.io");

  private ExpectedGroups() {}
}
