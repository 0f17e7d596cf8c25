package dev.customapiserver.filters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("Content-Type and Accept headers: only those that name no media type are refused before the API")
class MediaTypeHeadersTest {

  @ParameterizedTest(name = "Accept: {0}")
  @ValueSource(strings = {"application/json", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf",
      "application/json;as=Table;v=v1;g=meta.k8s.io, application/json", "*/*", "application/vnd.kubernetes.protobuf;q=0.9",
      "text/plain"})
  @DisplayName("real media types, also the one kubectl 1.27 asks OpenAPI v2 with, pass on to negotiation")
  void realTypesPass(String accept) {
    assertThat(MediaTypeHeaders.check("application/json", accept)).isEmpty();
  }

  @ParameterizedTest(name = "Accept: {0}")
  @ValueSource(strings = {"garbage/////", "garbage", "/json", "application/"})
  @DisplayName("an Accept header naming no media type is 406")
  void garbageAcceptIs406(String accept) {
    assertThat(MediaTypeHeaders.check(null, accept)).hasValueSatisfying(e -> assertThat(e.code()).isEqualTo(406));
  }

  @ParameterizedTest(name = "Content-Type: {0}")
  @ValueSource(strings = {"garbage", "a/b/c", "application/json json"})
  @DisplayName("a Content-Type naming no media type is 415")
  void garbageContentTypeIs415(String contentType) {
    assertThat(MediaTypeHeaders.check(contentType, null)).hasValueSatisfying(e -> assertThat(e.code()).isEqualTo(415));
  }
}
