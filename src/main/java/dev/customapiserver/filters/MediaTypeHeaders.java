package dev.customapiserver.filters;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;

/**
 * Content-Type and Accept headers that name no media type at all: a 415 and a 406 Status in kube's
 * words. Checked before the REST framework sees them, which would answer a bare 400 with no body.
 */
final class MediaTypeHeaders {
  private static final List<String> BODY_TYPES = List.of("application/json", "application/yaml",
      "application/vnd.kubernetes.protobuf");
  private static final List<String> OUTPUT_TYPES = List.of("application/json", "application/yaml",
      "application/json;as=Table;v=v1;g=meta.k8s.io", "application/json;as=Table;v=v1beta1;g=meta.k8s.io");

  private MediaTypeHeaders() {}

  /** The refusal for these headers, if any. */
  static Optional<ApiException> check(String contentType, String accept) {
    if (contentType != null && !contentType.isBlank() && !parses(contentType)) {
      return Optional.of(Errors.unsupportedMediaType(contentType, BODY_TYPES));
    }
    if (accept != null && !accept.isBlank()) {
      for (String one : accept.split(",")) {
        if (!one.isBlank() && !parses(one.trim())) {
          return Optional.of(Errors.notAcceptable(OUTPUT_TYPES));
        }
      }
    }
    return Optional.empty();
  }

  private static boolean parses(String mediaType) {
    try {
      MediaType m = MediaType.valueOf(mediaType);
      return !m.getSubtype().contains("/") && !m.getType().isEmpty();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
