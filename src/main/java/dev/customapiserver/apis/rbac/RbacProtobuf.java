package dev.customapiserver.apis.rbac;

import dev.customapiserver.apis.meta.LabelSelector;
import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * rbac/v1 from Kubernetes protobuf, as kubectl's typed client sends it ({@code kubectl create role},
 * {@code rolebinding}, ...): Role {metadata 1, rules 2}, ClusterRole {+ aggregationRule 3},
 * (Cluster)RoleBinding {metadata 1, subjects 2, roleRef 3}; PolicyRule {verbs 1, apiGroups 2,
 * resources 3, resourceNames 4, nonResourceURLs 5}; Subject {kind 1, apiGroup 2, name 3, namespace 4};
 * RoleRef {apiGroup 1, kind 2, name 3}; AggregationRule {clusterRoleSelectors 1}; LabelSelector
 * {matchLabels 1, matchExpressions 2 {key 1, operator 2, values 3}}.
 */
public final class RbacProtobuf {
  private RbacProtobuf() {}

  public static RoleV1 role(ByteString raw) {
    RoleV1 r = new RoleV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> (r.rules = r.rules == null ? new ArrayList<>() : r.rules).add(rule(in.readBytes()));
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  public static ClusterRoleV1 clusterRole(ByteString raw) {
    ClusterRoleV1 r = new ClusterRoleV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> (r.rules = r.rules == null ? new ArrayList<>() : r.rules).add(rule(in.readBytes()));
        case 3 -> r.aggregationRule = aggregation(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  public static RoleBindingV1 roleBinding(ByteString raw) {
    RoleBindingV1 b = new RoleBindingV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> b.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> (b.subjects = b.subjects == null ? new ArrayList<>() : b.subjects).add(subject(in.readBytes()));
        case 3 -> b.roleRef = roleRef(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return b;
  }

  public static ClusterRoleBindingV1 clusterRoleBinding(ByteString raw) {
    RoleBinding b = roleBinding(raw);
    ClusterRoleBindingV1 c = new ClusterRoleBindingV1();
    c.metadata = b.metadata;
    c.subjects = b.subjects;
    c.roleRef = b.roleRef;
    return c;
  }

  private static PolicyRule rule(ByteString raw) {
    PolicyRule r = new PolicyRule();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.verbs = KubeProtobuf.add(r.verbs, in.readStringRequireUtf8());
        case 2 -> r.apiGroups = KubeProtobuf.add(r.apiGroups, in.readStringRequireUtf8());
        case 3 -> r.resources = KubeProtobuf.add(r.resources, in.readStringRequireUtf8());
        case 4 -> r.resourceNames = KubeProtobuf.add(r.resourceNames, in.readStringRequireUtf8());
        case 5 -> r.nonResourceURLs = KubeProtobuf.add(r.nonResourceURLs, in.readStringRequireUtf8());
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static Subject subject(ByteString raw) {
    Subject s = new Subject();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.kind = in.readStringRequireUtf8();
        case 2 -> s.apiGroup = in.readStringRequireUtf8();
        case 3 -> s.name = in.readStringRequireUtf8();
        case 4 -> s.namespace = emptyToNull(in.readStringRequireUtf8());
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  private static RoleRef roleRef(ByteString raw) {
    RoleRef r = new RoleRef();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.apiGroup = in.readStringRequireUtf8();
        case 2 -> r.kind = in.readStringRequireUtf8();
        case 3 -> r.name = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static AggregationRule aggregation(ByteString raw) {
    AggregationRule a = new AggregationRule();
    a.clusterRoleSelectors = new ArrayList<>();
    KubeProtobuf.message(raw, (n, in) -> {
      if (n == 1) {
        a.clusterRoleSelectors.add(selector(in.readBytes()));
        return true;
      }
      return false;
    });
    return a;
  }

  private static LabelSelector selector(ByteString raw) {
    LabelSelector s = new LabelSelector();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> {
          String[] kv = {"", ""};
          KubeProtobuf.message(in.readBytes(), (en, ein) -> {
            if (en == 1 || en == 2) {
              kv[en - 1] = ein.readStringRequireUtf8();
              return true;
            }
            return false;
          });
          (s.matchLabels = s.matchLabels == null ? new LinkedHashMap<>() : s.matchLabels).put(kv[0], kv[1]);
        }
        case 2 -> {
          LabelSelector.Requirement r = new LabelSelector.Requirement();
          KubeProtobuf.message(in.readBytes(), (rn, rin) -> {
            switch (rn) {
              case 1 -> r.key = rin.readStringRequireUtf8();
              case 2 -> r.operator = rin.readStringRequireUtf8();
              case 3 -> r.values = KubeProtobuf.add(r.values, rin.readStringRequireUtf8());
              default -> {
                return false;
              }
            }
            return true;
          });
          (s.matchExpressions = s.matchExpressions == null ? new ArrayList<>() : s.matchExpressions).add(r);
        }
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  private static String emptyToNull(String s) {
    return s.isEmpty() ? null : s;
  }
}
