package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** metav1.ManagedFieldsEntry; {@code fieldsV1} is kept as an opaque JSON tree. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ManagedFieldsEntry {
  public String manager;
  public String operation;
  public String apiVersion;
  public Instant time;
  public String fieldsType;
  public JsonNode fieldsV1;
  public String subresource;

  ManagedFieldsEntry copy() {
    ManagedFieldsEntry c = new ManagedFieldsEntry();
    c.manager = manager;
    c.operation = operation;
    c.apiVersion = apiVersion;
    c.time = time;
    c.fieldsType = fieldsType;
    c.fieldsV1 = fieldsV1 == null ? null : fieldsV1.deepCopy();
    c.subresource = subresource;
    return c;
  }
}
