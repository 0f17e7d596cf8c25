package dev.customapiserver.apis.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.customapiserver.schema.Description;
import java.util.List;
import java.util.Objects;

/** core/v1 ObjectReference: enough to find an object (what an Event is about). */
@Description("ObjectReference contains enough information to let you inspect or modify the referred object.")
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public final class ObjectReference {
  @Description("Kind of the referent.")
  public String kind;
  @Description("Namespace of the referent.")
  public String namespace;
  @Description("Name of the referent.")
  public String name;
  @Description("UID of the referent.")
  public String uid;
  @Description("API version of the referent.")
  public String apiVersion;
  @Description("Specific resourceVersion to which this reference is made, if any.")
  public String resourceVersion;
  @Description("If referring to a piece of an object instead of an entire object, this string should contain a valid "
      + "JSON/Go field access statement, such as desiredState.manifest.containers[2].")
  public String fieldPath;

  /** A copy; null stays null. */
  public static ObjectReference copy(ObjectReference r) {
    if (r == null) {
      return null;
    }
    ObjectReference c = new ObjectReference();
    c.kind = r.kind;
    c.namespace = r.namespace;
    c.name = r.name;
    c.uid = r.uid;
    c.apiVersion = r.apiVersion;
    c.resourceVersion = r.resourceVersion;
    c.fieldPath = r.fieldPath;
    return c;
  }

  /** The value of a field selector field {@code <prefix>.<field>} ("" when unset). */
  public String field(String field) {
    String v = switch (field) {
      case "kind" -> kind;
      case "namespace" -> namespace;
      case "name" -> this.name;
      case "uid" -> uid;
      case "apiVersion" -> apiVersion;
      case "resourceVersion" -> resourceVersion;
      case "fieldPath" -> fieldPath;
      default -> null;
    };
    return v == null ? "" : v;
  }

  /** The field names a selector may use under a reference. */
  public static final List<String> FIELDS =
      List.of("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath");

  @Override
  public boolean equals(Object o) {
    return o instanceof ObjectReference r && Objects.equals(kind, r.kind) && Objects.equals(namespace, r.namespace)
        && Objects.equals(name, r.name) && Objects.equals(uid, r.uid) && Objects.equals(apiVersion, r.apiVersion)
        && Objects.equals(resourceVersion, r.resourceVersion) && Objects.equals(fieldPath, r.fieldPath);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, namespace, name, uid);
  }
}
