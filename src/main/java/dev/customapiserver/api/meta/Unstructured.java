package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An object of a kind without a Java class (a custom resource): typed {@code apiVersion},
 * {@code kind} and {@code metadata}, everything else ({@code spec}, {@code status}, any field) kept
 * as JSON trees in the order given. What the generic store, storage and the REST layer carry for
 * kinds a CustomResourceDefinition defines; its hub and versioned type are both this class.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata"})
public final class Unstructured extends KubeObject {
  private final Map<String, JsonNode> content = new LinkedHashMap<>();

  /** Sets a top-level field other than apiVersion, kind and metadata; a null value removes it. */
  @JsonAnySetter
  public void set(String field, JsonNode value) {
    if (value == null || value.isNull()) {
      content.remove(field);
    } else {
      content.put(field, value);
    }
  }

  /** The top-level fields other than apiVersion, kind and metadata, in order (read-only view). */
  @JsonAnyGetter
  public Map<String, JsonNode> content() {
    return Collections.unmodifiableMap(content);
  }

  /** A top-level field, or {@code null}. */
  public JsonNode get(String field) {
    return content.get(field);
  }

  /** Removes a top-level field. */
  public void remove(String field) {
    content.remove(field);
  }

  /** A deep copy: new metadata, new trees. */
  public Unstructured copy() {
    Unstructured c = new Unstructured();
    c.apiVersion = apiVersion;
    c.kind = kind;
    c.metadata = metadata == null ? null : metadata.copy();
    content.forEach((k, v) -> c.content.put(k, v.deepCopy()));
    return c;
  }
}
