package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** The query and path parameters of the operations, per verb. Each call returns fresh nodes. */
final class Parameters {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Parameters() {}

  static ObjectNode path(String name, String description) {
    ObjectNode p = NODES.objectNode().put("name", name).put("in", "path").put("description", description)
        .put("required", true);
    p.putObject("schema").put("type", "string");
    return p;
  }

  static ObjectNode pretty() {
    return query("pretty", "string", "If 'true', the output is pretty printed.");
  }

  /** Selection, paging and watch parameters of list; {@code watch} false leaves out the watch-only ones. */
  static List<ObjectNode> list(boolean watch) {
    List<ObjectNode> l = new ArrayList<>();
    if (watch) {
      l.add(query("allowWatchBookmarks", "boolean", "Requests watch events of type BOOKMARK. Servers may send"
          + " them whenever they see fit; ignored unless watch is true."));
    }
    l.add(query("continue", "string", "The continue token of the previous page, to get the next one."));
    l.add(query("fieldSelector", "string", "Restricts the list of returned objects by their fields,"
        + " e.g. metadata.name=foo. Defaults to everything."));
    l.add(query("labelSelector", "string", "Restricts the list of returned objects by their labels."
        + " Defaults to everything."));
    l.add(query("limit", "integer", "Maximum number of items to return in one page; a continue token"
        + " is returned when more exist."));
    l.add(query("resourceVersion", "string", "Constrains which resource versions the request may be served from."));
    l.add(query("resourceVersionMatch", "string", "How resourceVersion applies: NotOlderThan or Exact."));
    l.add(query("sendInitialEvents", "boolean", "With watch: begin with synthetic events for the current"
        + " objects, ending with a bookmark annotated k8s.io/initial-events-end."));
    l.add(query("timeoutSeconds", "integer", "Timeout for the list or watch call, whatever the activity."));
    if (watch) {
      l.add(query("watch", "boolean", "Watch for changes to the described resources and return them as a stream"
          + " of add, update and remove notifications."));
    }
    return l;
  }

  /** Parameters of create, update and patch. */
  static List<ObjectNode> write() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(dryRun());
    l.add(query("fieldManager", "string", "A name for the actor making the change, at most 128 printable"
        + " characters. Required for apply patches."));
    l.add(query("fieldValidation", "string", "What to do with unknown or duplicate fields in the body:"
        + " Ignore, Warn (the default) or Strict (fail the request)."));
    return l;
  }

  /** Parameters of patch: those of writes plus {@code force}. */
  static List<ObjectNode> patch() {
    List<ObjectNode> l = write();
    l.add(query("force", "boolean", "Force an apply request, taking over conflicting fields."
        + " Must be unset for other patch types."));
    return l;
  }

  /** Parameters of delete (also sent in the DeleteOptions body). */
  static List<ObjectNode> delete() {
    List<ObjectNode> l = new ArrayList<>();
    l.add(dryRun());
    l.add(query("gracePeriodSeconds", "integer", "Seconds before the object should be deleted;"
        + " zero means at once."));
    l.add(query("orphanDependents", "boolean", "Deprecated: use propagationPolicy. Whether dependents are"
        + " orphaned."));
    l.add(query("propagationPolicy", "string", "Whether and how garbage collection is performed:"
        + " Orphan, Background or Foreground."));
    return l;
  }

  private static ObjectNode dryRun() {
    return query("dryRun", "string", "When present, modifications are not persisted. The only valid value"
        + " is All.");
  }

  private static ObjectNode query(String name, String type, String description) {
    ObjectNode p = NODES.objectNode().put("name", name).put("in", "query").put("description", description);
    p.putObject("schema").put("type", type);
    return p;
  }
}
