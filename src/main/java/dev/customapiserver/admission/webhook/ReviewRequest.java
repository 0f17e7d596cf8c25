package dev.customapiserver.admission.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.admission.Attributes;
import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.runtime.GroupVersionKind;

/** Builds the admission.k8s.io/v1 AdmissionReview a webhook is sent. */
final class ReviewRequest {
  static final String API_VERSION = "admission.k8s.io/v1";
  static final String KIND = "AdmissionReview";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ReviewRequest() {}

  /**
   * @param object the object in the invocation's version (null on DELETE and CONNECT)
   * @param oldObject the old object in the invocation's version (null on CREATE and CONNECT)
   */
  static ObjectNode build(String uid, Attributes a, Invocation inv, JsonNode object, JsonNode oldObject) {
    ObjectNode review = NODES.objectNode().put("kind", KIND).put("apiVersion", API_VERSION);
    ObjectNode r = review.putObject("request");
    r.put("uid", uid);
    GroupVersionKind kind = inv.kind();
    r.set("kind", gvk(kind));
    r.set("resource", gvr(kind.group(), kind.version(), a.resource().resource()));
    if (!a.subresource().isEmpty()) {
      r.put("subResource", a.subresource());
    }
    r.set("requestKind", gvk(a.kind()));
    r.set("requestResource", gvr(a.resource().group(), a.kind().version(), a.resource().resource()));
    if (!a.subresource().isEmpty()) {
      r.put("requestSubResource", a.subresource());
    }
    if (a.name() != null && !a.name().isEmpty()) {
      r.put("name", a.name());
    }
    if (a.namespace() != null && !a.namespace().isEmpty()) {
      r.put("namespace", a.namespace());
    }
    r.put("operation", a.operation().name());
    r.set("userInfo", user(a.user()));
    r.set("object", object);
    r.set("oldObject", oldObject);
    r.put("dryRun", a.dryRun());
    ObjectNode options = options(a.operation(), a.dryRun());
    if (options != null) {
      r.set("options", options);
    }
    return review;
  }

  private static ObjectNode gvk(GroupVersionKind k) {
    return NODES.objectNode().put("group", k.group()).put("version", k.version()).put("kind", k.kind());
  }

  private static ObjectNode gvr(String group, String version, String resource) {
    return NODES.objectNode().put("group", group).put("version", version).put("resource", resource);
  }

  private static ObjectNode user(UserInfo u) {
    ObjectNode n = NODES.objectNode();
    if (u == null) {
      return n;
    }
    n.put("username", u.name());
    if (u.uid() != null && !u.uid().isEmpty()) {
      n.put("uid", u.uid());
    }
    u.groups().forEach(n.withArray("groups")::add);
    if (!u.extra().isEmpty()) {
      ObjectNode extra = n.putObject("extra");
      u.extra().forEach((k, vs) -> vs.forEach(extra.withArray(k)::add));
    }
    return n;
  }

  /** The request's options object as kube-apiserver sends it: CreateOptions, UpdateOptions or DeleteOptions. */
  private static ObjectNode options(Operation op, boolean dryRun) {
    String kind = switch (op) {
      case CREATE -> "CreateOptions";
      case UPDATE -> "UpdateOptions";
      case DELETE -> "DeleteOptions";
      case CONNECT -> null;
    };
    if (kind == null) {
      return null;
    }
    ObjectNode o = NODES.objectNode().put("kind", kind).put("apiVersion", "meta.k8s.io/v1");
    if (dryRun) {
      o.putArray("dryRun").add("All");
    }
    return o;
  }
}
