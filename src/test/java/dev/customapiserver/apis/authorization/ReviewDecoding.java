package dev.customapiserver.apis.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.KubeProtobuf;

/** The server's protobuf decoding of a SelfSubjectAccessReview, for stand-ins that answer kubectl's typed client. */
public final class ReviewDecoding {
  private ReviewDecoding() {}

  /** The {@code application/vnd.kubernetes.protobuf} body of kubectl's {@code auth can-i} as JSON. */
  public static JsonNode selfSubjectAccessReview(byte[] body) {
    return new Codecs().json().valueToTree(ReviewProtobuf.selfSar(KubeProtobuf.unwrap(body).raw()));
  }
}
