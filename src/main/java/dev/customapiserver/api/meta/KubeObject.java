package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Base of every top-level API object: TypeMeta ({@code apiVersion}, {@code kind}) and ObjectMeta.
 * Hub (internal) types extend it too; their {@code apiVersion}/{@code kind} are not meaningful.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata"})
public abstract class KubeObject {
  public String apiVersion;
  public String kind;
  public ObjectMeta metadata = new ObjectMeta();

  /** Never null: replaces an absent metadata block by an empty one. */
  public ObjectMeta metadata() {
    if (metadata == null) {
      metadata = new ObjectMeta();
    }
    return metadata;
  }
}
