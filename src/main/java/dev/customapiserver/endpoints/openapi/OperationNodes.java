package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.GroupVersion;
import java.util.List;

/** The parts every operation of a kind's paths has, for the built-in kinds' and the custom resources' paths alike. */
final class OperationNodes {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private OperationNodes() {}

  /** An operation with its tag, description and id; parameters, body and responses come next. */
  static ObjectNode start(GroupVersion gv, String id, String description) {
    ObjectNode op = NODES.objectNode();
    op.putArray("tags").add(SchemaNames.tag(gv));
    op.put("description", description);
    op.put("operationId", id);
    return op;
  }

  /** The body (when there is one), the responses, the action and the kind: the end of every operation. */
  static ObjectNode finish(ObjectNode op, ObjectNode body, ObjectNode responses, String action, GroupVersion gv, String kind) {
    if (body != null) {
      op.set("requestBody", body);
    }
    op.set("responses", responses);
    op.put("x-kubernetes-action", action);
    op.putObject("x-kubernetes-group-version-kind").put("group", gv.group()).put("version", gv.version()).put("kind", kind);
    return op;
  }

  /** A request body of {@code ref} in each media type; whether it says {@code required} is the caller's. */
  static ObjectNode body(String ref, List<String> mediaTypes) {
    ObjectNode b = NODES.objectNode();
    ObjectNode content = b.putObject("content");
    for (String mt : mediaTypes) {
      content.putObject(mt).putObject("schema").put("$ref", ref);
    }
    return b;
  }
}
