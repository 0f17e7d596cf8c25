package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.api.meta.Status;

/** The shared meta/v1 schemas every group-version document carries. */
final class MetaSchemas {
  static final String OBJECT_META = SchemaNames.META + "ObjectMeta";
  static final String LIST_META = SchemaNames.META + "ListMeta";
  static final String STATUS = SchemaNames.META + "Status";
  static final String DELETE_OPTIONS = SchemaNames.META + "DeleteOptions";
  static final String PATCH = SchemaNames.META + "Patch";

  private MetaSchemas() {}

  /** Defines ObjectMeta, ListMeta, Status, DeleteOptions and Patch (and what they reach) in {@code types}. */
  static void addTo(TypeSchemas types) {
    describe(types.define(ObjectMeta.class, OBJECT_META), "Metadata that all persisted resources must have,"
        + " which includes all objects users must create.");
    describe(types.define(ListMeta.class, LIST_META), "Metadata that synthetic resources such as lists and"
        + " Status carry.");
    ObjectNode status = describe(types.define(Status.class, STATUS), "A return value for calls that don't"
        + " return other objects, and the body of every error.");
    Kinds.gvkArray(status, "", "v1", "Status");
    describe(types.define(DeleteOptions.class, DELETE_OPTIONS), "May be provided when deleting an API object.");
    types.put(PATCH, describe(types.newSchema().put("type", "object"),
        "Gives a concrete name and type to the body of a PATCH request."));
  }

  private static ObjectNode describe(ObjectNode schema, String description) {
    if (!schema.has("description")) {
      schema.put("description", description);
    }
    return schema;
  }
}
