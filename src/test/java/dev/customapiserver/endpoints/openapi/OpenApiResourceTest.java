package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.DOCUMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("OpenApiResource, called directly")
class OpenApiResourceTest {
  private final OpenApiResource resource = new OpenApiResource(DOCUMENTS, Docs.CODECS);
  private final String hash = DOCUMENTS.document("apis/hello.zeng.dev/v2").orElseThrow().hash();

  @Test
  @DisplayName("GET /openapi/v3 is the index as JSON, never cached")
  void index() {
    Response r = resource.index(null);
    assertThat(r.getStatus()).isEqualTo(200);
    assertThat(r.getMediaType().toString()).isEqualTo("application/json");
    assertThat(r.getHeaderString(HttpHeaders.ETAG)).isNull();
    assertThat(r.getHeaderString(HttpHeaders.CACHE_CONTROL)).isEqualTo("no-cache, private");
    assertThat(Docs.parse((byte[]) r.getEntity()).at("/paths/apis~1hello.zeng.dev~1v2/serverRelativeURL").asText())
        .endsWith("?hash=" + hash);
  }

  @Nested
  @DisplayName("a group-version document")
  class Document {
    @Test
    @DisplayName("without a hash: 200 JSON, ETag the quoted hash, Cache-Control no-cache, private")
    void noHash() {
      Response r = resource.group("hello.zeng.dev", "v2", null, null, null);
      assertThat(r.getStatus()).isEqualTo(200);
      assertThat(r.getMediaType().toString()).isEqualTo("application/json");
      assertThat(r.getHeaderString(HttpHeaders.ETAG)).isEqualTo("\"" + hash + "\"");
      assertThat(r.getHeaderString(HttpHeaders.CACHE_CONTROL)).isEqualTo("no-cache, private");
      JsonNode doc = Docs.parse((byte[]) r.getEntity());
      assertThat(doc.get("openapi").asText()).isEqualTo("3.0.0");
    }

    @Test
    @DisplayName("with the current hash: 200, Cache-Control public, immutable, an Expires a year ahead, Vary Accept")
    void currentHash() {
      Response r = resource.group("hello.zeng.dev", "v2", hash, null, null);
      assertThat(r.getStatus()).isEqualTo(200);
      assertThat(r.getHeaderString(HttpHeaders.CACHE_CONTROL)).isEqualTo("public, immutable");
      assertThat(r.getHeaderString(HttpHeaders.EXPIRES)).isNotBlank();
      assertThat(r.getHeaderString(HttpHeaders.VARY)).isEqualTo("Accept");
      assertThat(r.getHeaderString(HttpHeaders.ETAG)).isEqualTo("\"" + hash + "\"");
    }

    @Test
    @DisplayName("with a stale hash: 301 to the URL with the current hash, even when If-None-Match matches")
    void staleHash() {
      Response r = resource.group("hello.zeng.dev", "v2", "0123ABC", "\"" + hash + "\"", null);
      assertThat(r.getStatus()).isEqualTo(301);
      assertThat(r.getLocation().toString()).isEqualTo("/openapi/v3/apis/hello.zeng.dev/v2?hash=" + hash);
      assertThat(r.getEntity()).isNull();
    }

    @Test
    @DisplayName("If-None-Match with the ETag: 304 without body, with the ETag and cache headers")
    void notModified() {
      Response r = resource.group("hello.zeng.dev", "v2", hash, "\"" + hash + "\"", null);
      assertThat(r.getStatus()).isEqualTo(304);
      assertThat(r.getEntity()).isNull();
      assertThat(r.getHeaderString(HttpHeaders.ETAG)).isEqualTo("\"" + hash + "\"");
      assertThat(r.getHeaderString(HttpHeaders.CACHE_CONTROL)).isEqualTo("public, immutable");
      assertThat(resource.group("hello.zeng.dev", "v2", null, "W/\"other\", \"" + hash + "\"", null).getStatus())
          .isEqualTo(304);
      assertThat(resource.group("hello.zeng.dev", "v2", null, "\"other\"", null).getStatus()).isEqualTo(200);
    }

    @Test
    @DisplayName("the core group's document is served at /openapi/v3/api/v1")
    void core() {
      Response r = resource.core("v1", null, null, null);
      assertThat(r.getStatus()).isEqualTo(200);
      assertThat(Docs.parse((byte[]) r.getEntity()).get("paths").has("/api/v1/namespaces")).isTrue();
    }
  }

  @Test
  @DisplayName("an unknown group-version and other paths are 404 with a NotFound Status")
  void notFound() {
    for (Response r : new Response[] {resource.group("nope.example.com", "v1", null, null, null),
        resource.core("v2", null, null, null), resource.other()}) {
      assertThat(r.getStatus()).isEqualTo(404);
      assertThat(r.getMediaType().toString()).isEqualTo("application/json");
      JsonNode status = Docs.parse((byte[]) r.getEntity());
      assertThat(status.get("kind").asText()).isEqualTo("Status");
      assertThat(status.get("reason").asText()).isEqualTo("NotFound");
      assertThat(status.get("code").asInt()).isEqualTo(404);
    }
  }
}
