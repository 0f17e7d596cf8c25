package dev.customapiserver.api.meta;

/** meta.k8s.io/v1 PartialObjectMetadata: only type and object metadata. */
public final class PartialObjectMetadata extends KubeObject {
  public PartialObjectMetadata() {}

  public PartialObjectMetadata(ObjectMeta metadata) {
    this.apiVersion = "meta.k8s.io/v1";
    this.kind = "PartialObjectMetadata";
    this.metadata = metadata;
  }
}
