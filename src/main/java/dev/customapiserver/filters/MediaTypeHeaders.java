package dev.customapiserver.filters;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
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

  /**
   * Whether {@code mediaType} has the shape {@code type/subtype[;parameters]}. Checked by hand, not with
   * the REST framework's parser: that one refuses real types kubectl sends, such as
   * {@code application/com.github.proto-openapi.spec.v2@v1.0+protobuf} (an {@code @} in the subtype).
   */
  private static boolean parses(String mediaType) {
    int semicolon = mediaType.indexOf(';');
    String bare = (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon)).trim();
    int slash = bare.indexOf('/');
    return slash > 0 && slash < bare.length() - 1 && bare.indexOf('/', slash + 1) < 0
        && bare.chars().noneMatch(c -> Character.isWhitespace(c) || c == ',');
  }
}
