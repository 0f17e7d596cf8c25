package dev.customapiserver.apis.rbac;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.customapiserver.apis.meta.LabelSelector;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;
import java.util.ArrayList;

/**
 * rbac/v1 from Kubernetes protobuf, as kubectl's typed client sends it ({@code kubectl create role},
 * {@code rolebinding}, ...): Role {metadata 1, rules 2}, ClusterRole {+ aggregationRule 3},
 * (Cluster)RoleBinding {metadata 1, subjects 2, roleRef 3}; PolicyRule {verbs 1, apiGroups 2,
 * resources 3, resourceNames 4, nonResourceURLs 5}; Subject {kind 1, apiGroup 2, name 3, namespace 4};
 * RoleRef {apiGroup 1, kind 2, name 3}; AggregationRule {clusterRoleSelectors 1}; LabelSelector
 * {matchLabels 1, matchExpressions 2 {key 1, operator 2, values 3}}.
 */
public final class RbacProtobuf {
  private static final ProtoFields<PolicyRule> RULE = ProtoFields.of(PolicyRule::new)
      .string(1, (r, v) -> r.verbs = KubeProtobuf.add(r.verbs, v))
      .string(2, (r, v) -> r.apiGroups = KubeProtobuf.add(r.apiGroups, v))
      .string(3, (r, v) -> r.resources = KubeProtobuf.add(r.resources, v))
      .string(4, (r, v) -> r.resourceNames = KubeProtobuf.add(r.resourceNames, v))
      .string(5, (r, v) -> r.nonResourceURLs = KubeProtobuf.add(r.nonResourceURLs, v));
  private static final ProtoFields<LabelSelector.Requirement> REQUIREMENT = ProtoFields.of(LabelSelector.Requirement::new)
      .string(1, (r, v) -> r.key = v)
      .string(2, (r, v) -> r.operator = v)
      .string(3, (r, v) -> r.values = KubeProtobuf.add(r.values, v));
  private static final ProtoFields<LabelSelector> SELECTOR = ProtoFields.of(LabelSelector::new)
      .field(1, (in, s) -> s.matchLabels = KubeProtobuf.put(s.matchLabels, in.readBytes(),
          CodedInputStream::readStringRequireUtf8, ""))
      .message(2, REQUIREMENT::read, (s, r) -> s.matchExpressions = KubeProtobuf.add(s.matchExpressions, r));
  private static final ProtoFields<AggregationRule> AGGREGATION = ProtoFields.of(RbacProtobuf::aggregationRule)
      .message(1, SELECTOR::read, (a, s) -> a.clusterRoleSelectors.add(s));
  private static final ProtoFields<Subject> SUBJECT = ProtoFields.of(Subject::new)
      .string(1, (s, v) -> s.kind = v)
      .string(2, (s, v) -> s.apiGroup = v)
      .string(3, (s, v) -> s.name = v)
      .stringOrNull(4, (s, v) -> s.namespace = v);
  private static final ProtoFields<RoleRef> ROLE_REF = ProtoFields.of(RoleRef::new)
      .string(1, (r, v) -> r.apiGroup = v)
      .string(2, (r, v) -> r.kind = v)
      .string(3, (r, v) -> r.name = v);
  private static final ProtoFields<RoleV1> ROLE = KubeProtobuf.object(RoleV1::new)
      .message(2, RULE::read, (r, v) -> r.rules = KubeProtobuf.add(r.rules, v));
  private static final ProtoFields<ClusterRoleV1> CLUSTER_ROLE = KubeProtobuf.object(ClusterRoleV1::new)
      .message(2, RULE::read, (r, v) -> r.rules = KubeProtobuf.add(r.rules, v))
      .message(3, AGGREGATION::read, (r, v) -> r.aggregationRule = v);
  private static final ProtoFields<RoleBindingV1> ROLE_BINDING = KubeProtobuf.object(RoleBindingV1::new)
      .message(2, SUBJECT::read, (b, v) -> b.subjects = KubeProtobuf.add(b.subjects, v))
      .message(3, ROLE_REF::read, (b, v) -> b.roleRef = v);

  private RbacProtobuf() {}

  public static RoleV1 role(ByteString raw) {
    return ROLE.read(raw);
  }

  public static ClusterRoleV1 clusterRole(ByteString raw) {
    return CLUSTER_ROLE.read(raw);
  }

  public static RoleBindingV1 roleBinding(ByteString raw) {
    return ROLE_BINDING.read(raw);
  }

  public static ClusterRoleBindingV1 clusterRoleBinding(ByteString raw) {
    RoleBinding b = roleBinding(raw);
    ClusterRoleBindingV1 c = new ClusterRoleBindingV1();
    c.metadata = b.metadata;
    c.subjects = b.subjects;
    c.roleRef = b.roleRef;
    return c;
  }

  /** An AggregationRule has its selector list even when it comes without selectors. */
  private static AggregationRule aggregationRule() {
    AggregationRule a = new AggregationRule();
    a.clusterRoleSelectors = new ArrayList<>();
    return a;
  }
}
