package dev.customapiserver.request;

import java.util.Optional;

/**
 * What the API decoded from a request's body, for the audit (kube's {@code LogRequestObject}): the
 * audit puts one in the {@link RequestContext} when it records the request; the API fills in the
 * object's name, namespace, uid and resourceVersion (completing {@code objectRef}, e.g. the name of
 * a create) and, when the body came in another encoding (Kubernetes protobuf, YAML) and the level
 * records bodies, the object as JSON, which the audit logs as {@code requestObject}.
 */
public final class DecodedRequestObject {
  private final boolean recordsBody;
  private volatile byte[] json;
  private volatile Meta meta;

  /** The identifying metadata of the decoded object; empty strings where unset. */
  public record Meta(String name, String namespace, String uid, String resourceVersion) {}

  /** @param recordsBody whether the audit logs the request object (level Request and above) */
  public DecodedRequestObject(boolean recordsBody) {
    this.recordsBody = recordsBody;
  }

  public DecodedRequestObject() {
    this(true);
  }

  public boolean recordsBody() {
    return recordsBody;
  }

  /** Sets the JSON of the decoded object. */
  public void set(byte[] json) {
    this.json = json;
  }

  public Optional<byte[]> json() {
    return Optional.ofNullable(json);
  }

  /** Sets the decoded object's metadata. */
  public void meta(Meta meta) {
    this.meta = meta;
  }

  public Optional<Meta> meta() {
    return Optional.ofNullable(meta);
  }
}
