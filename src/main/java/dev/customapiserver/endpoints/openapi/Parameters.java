package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The query and path parameters of the operations, per verb, with kube's descriptions
 * ({@link OptionDocs}) and, as kube-openapi writes every go-restful parameter that does not allow
 * multiple values, {@code uniqueItems: true} in their schema. Each call returns fresh nodes.
 */
final class Parameters {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Parameters() {}

  static ObjectNode path(String name, String description) {
    ObjectNode p = NODES.objectNode().put("name", name).put("in", "path").put("description", description)
        .put("required", true);
    p.putObject("schema").put("type", "string").put("uniqueItems", true);
    return p;
  }

  static ObjectNode pretty() {
    return query("pretty", "string", OptionDocs.PRETTY);
  }

  /** Selection, paging and watch parameters of list; {@code watch} false leaves out the watch-only ones. */
  static List<ObjectNode> list(boolean watch) {
    List<ObjectNode> l = new ArrayList<>();
    if (watch) {
      l.add(query("allowWatchBookmarks", "boolean", OptionDocs.ALLOW_WATCH_BOOKMARKS));
    }
    l.add(query("continue", "string", OptionDocs.CONTINUE));
    l.add(query("fieldSelector", "string", OptionDocs.FIELD_SELECTOR));
    l.add(query("labelSelector", "string", OptionDocs.LABEL_SELECTOR));
    l.add(query("limit", "integer", OptionDocs.LIMIT));
    l.add(query("resourceVersion", "string", OptionDocs.RESOURCE_VERSION));
    l.add(query("resourceVersionMatch", "string", OptionDocs.RESOURCE_VERSION_MATCH));
    l.add(query("sendInitialEvents", "boolean", OptionDocs.SEND_INITIAL_EVENTS));
    l.add(query("timeoutSeconds", "integer", OptionDocs.TIMEOUT_SECONDS));
    if (watch) {
      l.add(query("watch", "boolean", OptionDocs.WATCH));
    }
    return l;
  }

  /** Parameters of create, update and patch. */
  static List<ObjectNode> write() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(dryRun());
    l.add(query("fieldManager", "string", OptionDocs.FIELD_MANAGER));
    l.add(fieldValidation());
    return l;
  }

  /** Parameters of patch: dryRun, fieldManager (required for apply), fieldValidation and {@code force}. */
  static List<ObjectNode> patch() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(dryRun());
    l.add(query("fieldManager", "string", OptionDocs.FIELD_MANAGER_PATCH));
    l.add(fieldValidation());
    l.add(query("force", "boolean", OptionDocs.FORCE));
    return l;
  }

  /** Parameters of delete (also sent in the DeleteOptions body). */
  static List<ObjectNode> delete() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(dryRun());
    l.add(query("gracePeriodSeconds", "integer", OptionDocs.GRACE_PERIOD_SECONDS));
    l.add(query("ignoreStoreReadErrorWithClusterBreakingPotential", "boolean", OptionDocs.IGNORE_STORE_READ_ERROR));
    l.add(query("orphanDependents", "boolean", OptionDocs.ORPHAN_DEPENDENTS));
    l.add(query("propagationPolicy", "string", OptionDocs.PROPAGATION_POLICY));
    return l;
  }

  /** The fields of meta/v1 GetOptions, as kube makes them query parameters of a read. */
  static List<ObjectNode> getOptions() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(query("resourceVersion", "string", OptionDocs.RESOURCE_VERSION));
    return l;
  }

  /** The fields of meta/v1 ListOptions: {@link #list(boolean) list(true)} and the alpha {@code shardSelector}. */
  static List<ObjectNode> listOptions() {
    List<ObjectNode> l = list(true);
    l.add(query("shardSelector", "string", OptionDocs.SHARD_SELECTOR));
    return l;
  }

  private static ObjectNode dryRun() {
    return query("dryRun", "string", OptionDocs.DRY_RUN);
  }

  private static ObjectNode fieldValidation() {
    return query("fieldValidation", "string", OptionDocs.FIELD_VALIDATION);
  }

  private static ObjectNode query(String name, String type, String description) {
    ObjectNode p = NODES.objectNode().put("name", name).put("in", "query").put("description", description);
    p.putObject("schema").put("type", type).put("uniqueItems", true);
    return p;
  }
}
