package dev.customapiserver.apis.authorization;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * authorization/v1 reviews from Kubernetes protobuf, as kubectl's typed client sends them ({@code auth
 * can-i}): review {metadata 1, spec 2}; SubjectAccessReviewSpec {resourceAttributes 1,
 * nonResourceAttributes 2, user 3, groups 4, extra 5, uid 6} (the self spec has only 1 and 2);
 * ResourceAttributes {namespace 1, verb 2, group 3, version 4, resource 5, subresource 6, name 7};
 * NonResourceAttributes {path 1, verb 2}; SelfSubjectRulesReviewSpec {namespace 1}.
 */
public final class ReviewProtobuf {
  private ReviewProtobuf() {}

  public static SubjectAccessReviewV1 sar(ByteString raw) {
    return review(raw, new SubjectAccessReviewV1());
  }

  public static LocalSubjectAccessReviewV1 localSar(ByteString raw) {
    return review(raw, new LocalSubjectAccessReviewV1());
  }

  public static SelfSubjectAccessReviewV1 selfSar(ByteString raw) {
    return review(raw, new SelfSubjectAccessReviewV1());
  }

  public static SelfSubjectRulesReviewV1 rules(ByteString raw) {
    SelfSubjectRulesReviewV1 r = new SelfSubjectRulesReviewV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> KubeProtobuf.message(in.readBytes(), (sn, sin) -> {
          if (sn == 1) {
            r.spec.namespace = sin.readStringRequireUtf8();
            return true;
          }
          return false;
        });
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static <T extends SubjectAccessReview> T review(ByteString raw, T r) {
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> r.spec = spec(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static <T extends SelfSubjectAccessReview> T review(ByteString raw, T r) {
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> r.spec = spec(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static LocalSubjectAccessReviewV1 review(ByteString raw, LocalSubjectAccessReviewV1 r) {
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> r.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> r.spec = spec(in.readBytes());
        default -> {
          return false;
        }
      }
      return true;
    });
    return r;
  }

  private static AccessReviewSpec spec(ByteString raw) {
    AccessReviewSpec s = new AccessReviewSpec();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.resourceAttributes = resource(in.readBytes());
        case 2 -> s.nonResourceAttributes = nonResource(in.readBytes());
        case 3 -> s.user = in.readStringRequireUtf8();
        case 4 -> s.groups = KubeProtobuf.add(s.groups, in.readStringRequireUtf8());
        case 5 -> {
          String[] key = {""};
          List<String> values = new ArrayList<>();
          KubeProtobuf.message(in.readBytes(), (en, ein) -> {
            if (en == 1) {
              key[0] = ein.readStringRequireUtf8();
              return true;
            }
            if (en == 2) {
              KubeProtobuf.message(ein.readBytes(), (vn, vin) -> {
                if (vn == 1) {
                  values.add(vin.readStringRequireUtf8());
                  return true;
                }
                return false;
              });
              return true;
            }
            return false;
          });
          (s.extra = s.extra == null ? new LinkedHashMap<>() : s.extra).put(key[0], values);
        }
        case 6 -> s.uid = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  private static ResourceAttributes resource(ByteString raw) {
    ResourceAttributes a = new ResourceAttributes();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> a.namespace = in.readStringRequireUtf8();
        case 2 -> a.verb = in.readStringRequireUtf8();
        case 3 -> a.group = in.readStringRequireUtf8();
        case 4 -> a.version = in.readStringRequireUtf8();
        case 5 -> a.resource = in.readStringRequireUtf8();
        case 6 -> a.subresource = in.readStringRequireUtf8();
        case 7 -> a.name = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return a;
  }

  private static NonResourceAttributes nonResource(ByteString raw) {
    NonResourceAttributes a = new NonResourceAttributes();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> a.path = in.readStringRequireUtf8();
        case 2 -> a.verb = in.readStringRequireUtf8();
        default -> {
          return false;
        }
      }
      return true;
    });
    return a;
  }
}
