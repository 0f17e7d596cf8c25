package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.DOCUMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.UnknownFieldSet;
import jakarta.ws.rs.core.HttpHeaders;
import java.net.URI;
import java.util.concurrent.ExecutionException;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenApiResource in an in-memory Jersey application")
class OpenApiJerseyTest {
  private static final ApplicationHandler APP =
      new ApplicationHandler(new ResourceConfig().register(new OpenApiResource(DOCUMENTS, Docs.CODECS))
          .register(OpenApiAcceptFilter.class));
  private final String hash = DOCUMENTS.document("apis/hello.zeng.dev/v2").orElseThrow().hash();

  private static ContainerResponse get(String base, String path, String ifNoneMatch) {
    return get(base, path, ifNoneMatch, "application/json");
  }

  private static ContainerResponse get(String base, String path, String ifNoneMatch, String accept) {
    ContainerRequest request = new ContainerRequest(URI.create(base), URI.create(base).resolve(path), "GET", null,
        new MapPropertiesDelegate(), null);
    request.header(HttpHeaders.ACCEPT, accept);
    if (ifNoneMatch != null) {
      request.header(HttpHeaders.IF_NONE_MATCH, ifNoneMatch);
    }
    try {
      return APP.apply(request).get();
    } catch (InterruptedException | ExecutionException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  @DisplayName("routes the index and both document shapes, with the hash rules")
  void routes() {
    assertThat(get("http://h/", "openapi/v3", null).getStatus()).isEqualTo(200);
    assertThat(get("http://h/", "openapi/v3/api/v1", null).getStatus()).isEqualTo(200);
    ContainerResponse doc = get("http://h/", "openapi/v3/apis/hello.zeng.dev/v2?hash=" + hash, null);
    assertThat(doc.getStatus()).isEqualTo(200);
    assertThat(doc.getHeaderString(HttpHeaders.CACHE_CONTROL)).isEqualTo("public, immutable");
    assertThat(doc.getMediaType().toString()).isEqualTo("application/json");
    assertThat(get("http://h/", "openapi/v3/apis/hello.zeng.dev/v2", "\"" + hash + "\"").getStatus()).isEqualTo(304);
  }

  @Test
  @DisplayName("a stale hash redirects (301) to the current one under the application's base path")
  void redirectUnderContextPath() {
    ContainerResponse r = get("http://h/ctx/", "openapi/v3/apis/hello.zeng.dev/v2?hash=OLD", null);
    assertThat(r.getStatus()).isEqualTo(301);
    assertThat(r.getHeaderString(HttpHeaders.LOCATION))
        .isEqualTo("http://h/ctx/openapi/v3/apis/hello.zeng.dev/v2?hash=" + hash);
    String index = new String((byte[]) get("http://h/ctx/", "openapi/v3", null).getEntity());
    assertThat(index).contains("\"serverRelativeURL\":\"/ctx/openapi/v3/apis/hello.zeng.dev/v2?hash=" + hash + "\"");
  }

  @Test
  @DisplayName("unknown group-versions and unknown paths under /openapi are 404 Status JSON")
  void notFound() {
    for (String path : new String[] {"openapi/v3/apis/nope.example.com/v1", "openapi/v3/apis/x",
        "openapi/v3/api/v2"}) {
      ContainerResponse r = get("http://h/", path, null);
      assertThat(r.getStatus()).as(path).isEqualTo(404);
      assertThat(new String((byte[]) r.getEntity())).as(path).contains("\"reason\":\"NotFound\"");
    }
  }

  @Test
  @DisplayName("kubectl's protobuf Accept header (with an @) gets the v2 protobuf for /openapi/v2, and JSON for v3")
  void protobufAccept() throws Exception {
    ContainerResponse v2 = get("http://h/", "openapi/v2", null,
        "application/com.github.proto-openapi.spec.v2@v1.0+protobuf");
    assertThat(v2.getStatus()).isEqualTo(200);
    UnknownFieldSet doc = UnknownFieldSet.parseFrom((byte[]) v2.getEntity());
    assertThat(doc.getField(1).getLengthDelimitedList().get(0).toStringUtf8()).isEqualTo("2.0");
    String etag = v2.getHeaderString(HttpHeaders.ETAG);
    assertThat(get("http://h/", "openapi/v2", etag, "application/com.github.proto-openapi.spec.v2@v1.0+protobuf")
        .getStatus()).isEqualTo(304);
    ContainerResponse json = get("http://h/", "openapi/v2", null);
    assertThat(json.getStatus()).isEqualTo(200);
    assertThat(new String((byte[]) json.getEntity())).startsWith("{\"swagger\":\"2.0\"");
    ContainerResponse v3 = get("http://h/", "openapi/v3/api/v1", null,
        "application/com.github.proto-openapi.spec.v3@v1.0+protobuf, application/json");
    assertThat(v3.getStatus()).isEqualTo(200);
    assertThat(v3.getMediaType().toString()).isEqualTo("application/json");
  }
}
