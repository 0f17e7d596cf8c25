package dev.customapiserver.apis.authorization;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;
import java.util.ArrayList;
import java.util.List;

/**
 * authorization/v1 reviews from Kubernetes protobuf, as kubectl's typed client sends them ({@code auth
 * can-i}): review {metadata 1, spec 2}; SubjectAccessReviewSpec {resourceAttributes 1,
 * nonResourceAttributes 2, user 3, groups 4, extra 5, uid 6} (the self spec has only 1 and 2);
 * ResourceAttributes {namespace 1, verb 2, group 3, version 4, resource 5, subresource 6, name 7};
 * NonResourceAttributes {path 1, verb 2}; SelfSubjectRulesReviewSpec {namespace 1}.
 */
public final class ReviewProtobuf {
  private static final ProtoFields<ResourceAttributes> RESOURCE = ProtoFields.of(ResourceAttributes::new)
      .string(1, (a, v) -> a.namespace = v)
      .string(2, (a, v) -> a.verb = v)
      .string(3, (a, v) -> a.group = v)
      .string(4, (a, v) -> a.version = v)
      .string(5, (a, v) -> a.resource = v)
      .string(6, (a, v) -> a.subresource = v)
      .string(7, (a, v) -> a.name = v);
  private static final ProtoFields<NonResourceAttributes> NON_RESOURCE = ProtoFields.of(NonResourceAttributes::new)
      .string(1, (a, v) -> a.path = v)
      .string(2, (a, v) -> a.verb = v);
  /** ExtraValue {items 1}. */
  private static final ProtoFields<List<String>> EXTRA_VALUE = ProtoFields.<List<String>>of(ArrayList::new)
      .string(1, List::add);
  /** An entry of extra {key 1, value 2}; values that come twice add up. */
  private static final ProtoFields<ExtraEntry> EXTRA = ProtoFields.of(ExtraEntry::new)
      .string(1, (e, v) -> e.key = v)
      .field(2, (in, e) -> EXTRA_VALUE.readInto(in.readBytes(), e.values));
  private static final ProtoFields<AccessReviewSpec> SPEC = ProtoFields.of(AccessReviewSpec::new)
      .message(1, RESOURCE::read, (s, v) -> s.resourceAttributes = v)
      .message(2, NON_RESOURCE::read, (s, v) -> s.nonResourceAttributes = v)
      .string(3, (s, v) -> s.user = v)
      .string(4, (s, v) -> s.groups = KubeProtobuf.add(s.groups, v))
      .message(5, EXTRA::read, (s, e) -> s.extra = KubeProtobuf.put(s.extra, e.key, e.values))
      .string(6, (s, v) -> s.uid = v);
  private static final ProtoFields<SubjectAccessReviewV1> SAR = KubeProtobuf.object(SubjectAccessReviewV1::new)
      .message(2, SPEC::read, (r, s) -> r.spec = s);
  private static final ProtoFields<LocalSubjectAccessReviewV1> LOCAL_SAR = KubeProtobuf.object(LocalSubjectAccessReviewV1::new)
      .message(2, SPEC::read, (r, s) -> r.spec = s);
  private static final ProtoFields<SelfSubjectAccessReviewV1> SELF_SAR = KubeProtobuf.object(SelfSubjectAccessReviewV1::new)
      .message(2, SPEC::read, (r, s) -> r.spec = s);
  private static final ProtoFields<RulesReviewSpec> RULES_SPEC = ProtoFields.of(RulesReviewSpec::new)
      .string(1, (s, v) -> s.namespace = v);
  private static final ProtoFields<SelfSubjectRulesReviewV1> RULES = KubeProtobuf.object(SelfSubjectRulesReviewV1::new)
      .field(2, (in, r) -> RULES_SPEC.readInto(in.readBytes(), r.spec));

  private ReviewProtobuf() {}

  public static SubjectAccessReviewV1 sar(ByteString raw) {
    return SAR.read(raw);
  }

  public static LocalSubjectAccessReviewV1 localSar(ByteString raw) {
    return LOCAL_SAR.read(raw);
  }

  public static SelfSubjectAccessReviewV1 selfSar(ByteString raw) {
    return SELF_SAR.read(raw);
  }

  public static SelfSubjectRulesReviewV1 rules(ByteString raw) {
    return RULES.read(raw);
  }

  private static final class ExtraEntry {
    String key = "";
    final List<String> values = new ArrayList<>();
  }
}
