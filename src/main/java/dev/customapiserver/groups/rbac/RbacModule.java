package dev.customapiserver.groups.rbac;

import dev.customapiserver.apis.meta.CopyingConverter;
import dev.customapiserver.apis.rbac.ClusterRole;
import dev.customapiserver.apis.rbac.ClusterRoleBinding;
import dev.customapiserver.apis.rbac.ClusterRoleBindingV1;
import dev.customapiserver.apis.rbac.ClusterRoleV1;
import dev.customapiserver.apis.rbac.RbacDefaults;
import dev.customapiserver.apis.rbac.RbacGroup;
import dev.customapiserver.apis.rbac.RbacProtobuf;
import dev.customapiserver.apis.rbac.Role;
import dev.customapiserver.apis.rbac.RoleBinding;
import dev.customapiserver.apis.rbac.RoleBindingV1;
import dev.customapiserver.apis.rbac.RoleRef;
import dev.customapiserver.apis.rbac.RoleV1;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.PrinterColumn;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.ServedVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The {@code rbac.authorization.k8s.io} group: Role, ClusterRole, RoleBinding, ClusterRoleBinding in v1. */
public final class RbacModule implements ApiGroupModule {
  public static final String GROUP = RbacGroup.NAME;

  @Override
  public ApiGroup apiGroup() {
    return new ApiGroup(GROUP, List.of("v1"), List.of(roles(), clusterRoles(), roleBindings(), clusterRoleBindings()));
  }

  static ResourceType<Role> roles() {
    return ResourceType.builder(GROUP, "Role", "roles", Role.class)
        .served(ServedVersion.of("v1", RoleV1.class, new CopyingConverter<Role, RoleV1>(Role::new, RoleV1::new, (a, b) -> a.copyTo(b))).withProtobuf(RbacProtobuf::role))
        .storageVersion("v1")
        .strategy(new RbacStrategy<Role>(r -> RbacValidation.rules(r.rules(), true)))
        .build();
  }

  static ResourceType<ClusterRole> clusterRoles() {
    return ResourceType.builder(GROUP, "ClusterRole", "clusterroles", ClusterRole.class)
        .clusterScoped()
        .served(ServedVersion.of("v1", ClusterRoleV1.class, new CopyingConverter<ClusterRole, ClusterRoleV1>(ClusterRole::new, ClusterRoleV1::new, (a, b) -> a.copyTo(b)))
            .withProtobuf(RbacProtobuf::clusterRole))
        .storageVersion("v1")
        .strategy(new RbacStrategy<ClusterRole>(r -> {
          var errs = new ArrayList<>(RbacValidation.rules(r.rules(), false));
          errs.addAll(RbacValidation.aggregation(r.aggregationRule));
          return errs;
        }))
        .build();
  }

  static ResourceType<RoleBinding> roleBindings() {
    return ResourceType.builder(GROUP, "RoleBinding", "rolebindings", RoleBinding.class)
        .served(ServedVersion.of("v1", RoleBindingV1.class, new CopyingConverter<RoleBinding, RoleBindingV1>(RoleBinding::new, RoleBindingV1::new, (a, b) -> a.copyTo(b)))
            .withProtobuf(RbacProtobuf::roleBinding)
            .withDefaulter(b -> b.roleRef = RbacDefaults.binding(b.roleRef, b.subjects()))
            .withColumns(roleColumn(b -> b.roleRef)))
        .storageVersion("v1")
        .strategy(new RbacStrategy<RoleBinding>(b -> RbacValidation.binding(b, true, List.of("Role", "ClusterRole"))))
        .build();
  }

  static ResourceType<ClusterRoleBinding> clusterRoleBindings() {
    return ResourceType.builder(GROUP, "ClusterRoleBinding", "clusterrolebindings", ClusterRoleBinding.class)
        .clusterScoped()
        .served(ServedVersion.of("v1", ClusterRoleBindingV1.class, new CopyingConverter<ClusterRoleBinding, ClusterRoleBindingV1>(ClusterRoleBinding::new, ClusterRoleBindingV1::new, (a, b) -> a.copyTo(b)))
            .withProtobuf(RbacProtobuf::clusterRoleBinding)
            .withDefaulter(b -> b.roleRef = RbacDefaults.binding(b.roleRef, b.subjects()))
            .withColumns(roleColumn(b -> b.roleRef)))
        .storageVersion("v1")
        .strategy(new RbacStrategy<ClusterRoleBinding>(b -> RbacValidation.binding(b, false, List.of("ClusterRole"))))
        .build();
  }

  private static <B> PrinterColumn<B> roleColumn(Function<B, RoleRef> ref) {
    return PrinterColumn.of("Role", "string", "The role this binding grants.",
        b -> ref.apply(b) == null ? null : ref.apply(b).kind + "/" + ref.apply(b).name);
  }
}
