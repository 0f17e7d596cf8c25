package dev.customapiserver.apis.apiextensions;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.customapiserver.api.meta.KubeObject;
import java.util.List;

/**
 * apiextensions.k8s.io/v1 CustomResourceDefinition, also its hub type. The schema, conversion,
 * subresource and column parts are kept as JSON trees: the schema model reads them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public class CustomResourceDefinition extends KubeObject {
  public static final String CLEANUP_FINALIZER = "customresourcecleanup.apiextensions.k8s.io";
  public Spec spec = new Spec();
  public Status status;

  /** What the definition asks for. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"group", "names", "scope", "versions", "conversion", "preserveUnknownFields"})
  public static final class Spec {
    public String group;
    public Names names = new Names();
    public String scope;
    public List<Version> versions;
    public JsonNode conversion;
    public Boolean preserveUnknownFields;
  }

  /** The names of the resource (spec.names, status.acceptedNames). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"plural", "singular", "shortNames", "kind", "listKind", "categories"})
  public static final class Names {
    public String plural;
    public String singular;
    public List<String> shortNames;
    public String kind;
    public String listKind;
    public List<String> categories;
  }

  /** One version of the resource. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"name", "served", "storage", "deprecated", "deprecationWarning", "schema", "subresources",
      "additionalPrinterColumns", "selectableFields"})
  public static final class Version {
    public String name;
    public Boolean served;
    public Boolean storage;
    public Boolean deprecated;
    public String deprecationWarning;
    @JsonDeserialize(using = CrdSchemaDeserializer.class)
    public JsonNode schema;
    public JsonNode subresources;
    public List<JsonNode> additionalPrinterColumns;
    public List<JsonNode> selectableFields;

    public boolean serves() {
      return Boolean.TRUE.equals(served);
    }

    public boolean stores() {
      return Boolean.TRUE.equals(storage);
    }

    /** Whether this version has the status subresource. */
    public boolean hasStatus() {
      return subresources != null && subresources.has("status");
    }

    /** The {@code openAPIV3Schema}, or null. */
    public JsonNode openApiV3Schema() {
      return schema == null ? null : schema.get("openAPIV3Schema");
    }
  }

  /** What the server made of the definition. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"conditions", "acceptedNames", "storedVersions"})
  public static final class Status {
    public List<Condition> conditions;
    public Names acceptedNames;
    public List<String> storedVersions;
  }

  /** A condition: NamesAccepted, Established, Terminating. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"type", "status", "lastTransitionTime", "reason", "message"})
  public static final class Condition {
    public String type;
    public String status;
    public String lastTransitionTime;
    public String reason;
    public String message;

    public Condition() {}

    public Condition(String type, String status, String lastTransitionTime, String reason, String message) {
      this.type = type;
      this.status = status;
      this.lastTransitionTime = lastTransitionTime;
      this.reason = reason;
      this.message = message;
    }
  }

  /** The condition of {@code type}, or null. */
  public Condition condition(String type) {
    if (status == null || status.conditions == null) {
      return null;
    }
    return status.conditions.stream().filter(c -> type.equals(c.type)).findFirst().orElse(null);
  }

  /** Whether the condition of {@code type} is True. */
  public boolean isTrue(String type) {
    Condition c = condition(type);
    return c != null && "True".equals(c.status);
  }

  /** The storage version's name, or null when there is not exactly one. */
  public String storageVersion() {
    if (spec == null || spec.versions == null) {
      return null;
    }
    List<Version> s = spec.versions.stream().filter(Version::stores).toList();
    return s.size() == 1 ? s.get(0).name : null;
  }
}
