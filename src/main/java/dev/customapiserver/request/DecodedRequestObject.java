package dev.customapiserver.request;

import java.util.Optional;

/**
 * The request object as JSON when its body came in another encoding (Kubernetes protobuf, YAML):
 * the audit puts one in the {@link RequestContext} when its level records request bodies, the API
 * fills it with the object it decoded, and the audit logs that as {@code requestObject} (kube's
 * {@code LogRequestObject} encodes the decoded object as JSON).
 */
public final class DecodedRequestObject {
  private volatile byte[] json;

  /** Sets the JSON of the decoded object. */
  public void set(byte[] json) {
    this.json = json;
  }

  public Optional<byte[]> json() {
    return Optional.ofNullable(json);
  }
}
