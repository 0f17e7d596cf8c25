package dev.customapiserver.endpoints.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The server's OpenAPI v2 protobuf encoder, for stand-ins that serve a merged document as kube-aggregator does. */
public final class GnosticEncoding {
  private GnosticEncoding() {}

  /** {@code swagger} as gnostic's {@code openapi.v2.Document}. */
  public static byte[] encode(JsonNode swagger) {
    return new GnosticV2(new YAMLMapper()).encode(swagger);
  }
}
