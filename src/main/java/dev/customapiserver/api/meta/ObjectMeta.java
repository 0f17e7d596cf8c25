package dev.customapiserver.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** metav1.ObjectMeta: the metadata every persisted object carries. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"name", "generateName", "namespace", "uid", "resourceVersion", "generation",
    "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "labels", "annotations",
    "ownerReferences", "finalizers", "managedFields"})
public final class ObjectMeta {
  public String name;
  public String generateName;
  public String namespace;
  public String uid;
  public String resourceVersion;
  public Long generation;
  public Instant creationTimestamp;
  public Instant deletionTimestamp;
  public Long deletionGracePeriodSeconds;
  public Map<String, String> labels;
  public Map<String, String> annotations;
  @PatchStrategy(value = "merge", mergeKey = "uid")
  @ListType(value = "map", mapKeys = {"uid"})
  public List<OwnerReference> ownerReferences;
  @PatchStrategy("merge")
  @ListType("set")
  public List<String> finalizers;
  public List<ManagedFieldsEntry> managedFields;

  /** A deep copy (label, annotation and list containers are new; their elements are immutable or copied). */
  public ObjectMeta copy() {
    ObjectMeta c = new ObjectMeta();
    c.name = name;
    c.generateName = generateName;
    c.namespace = namespace;
    c.uid = uid;
    c.resourceVersion = resourceVersion;
    c.generation = generation;
    c.creationTimestamp = creationTimestamp;
    c.deletionTimestamp = deletionTimestamp;
    c.deletionGracePeriodSeconds = deletionGracePeriodSeconds;
    c.labels = labels == null ? null : new LinkedHashMap<>(labels);
    c.annotations = annotations == null ? null : new LinkedHashMap<>(annotations);
    c.ownerReferences = ownerReferences == null ? null : ownerReferences.stream().map(OwnerReference::copy).toList();
    c.finalizers = finalizers == null ? null : new ArrayList<>(finalizers);
    c.managedFields = managedFields == null ? null : managedFields.stream().map(ManagedFieldsEntry::copy).toList();
    return c;
  }

  /** Labels, never null (read-only view when absent). */
  public Map<String, String> labelsOrEmpty() {
    return labels == null ? Map.of() : labels;
  }

  /** Annotations, never null (read-only view when absent). */
  public Map<String, String> annotationsOrEmpty() {
    return annotations == null ? Map.of() : annotations;
  }
}
