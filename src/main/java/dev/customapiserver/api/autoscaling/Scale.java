package dev.customapiserver.api.autoscaling;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;

/**
 * {@code autoscaling/v1} Scale: the replicas of a scalable object. Its metadata is the object's
 * (name, namespace, uid, resourceVersion, creationTimestamp).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"kind", "apiVersion", "metadata", "spec", "status"})
public final class Scale extends KubeObject {
  public static final String API_VERSION = "autoscaling/v1";
  public static final String KIND = "Scale";

  public Spec spec = new Spec();
  public Status status = new Status();

  /** A Scale with apiVersion and kind set. */
  public static Scale of(ObjectMeta metadata, int specReplicas, int statusReplicas) {
    Scale s = new Scale();
    s.apiVersion = API_VERSION;
    s.kind = KIND;
    s.metadata = metadata;
    s.spec.replicas = specReplicas;
    s.status.replicas = statusReplicas;
    return s;
  }

  /** ScaleSpec: the desired replicas. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Spec {
    public Integer replicas;
  }

  /** ScaleStatus: the observed replicas and the label selector of the pods (empty here). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Status {
    public Integer replicas;
    public String selector;
  }
}
