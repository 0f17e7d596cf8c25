package dev.customapiserver.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Reading what a request asks, as kube-apiserver's RequestInfoFactory")
class RequestInfoResolverTest {

  private static RequestInfo parse(String method, String path, Map<String, String> query) {
    return RequestInfoResolver.resolve(method, path, query);
  }

  private static RequestInfo parse(String method, String path) {
    return parse(method, path, Map.of());
  }

  @Test
  @DisplayName("a namespaced object in a named group")
  void namespacedObject() {
    RequestInfo a = parse("GET", "/apis/hello.zeng.dev/v1/namespaces/default/foos/x");
    assertThat(a.resourceRequest()).isTrue();
    assertThat(a).extracting(RequestInfo::verb, RequestInfo::apiGroup,
            RequestInfo::apiVersion, RequestInfo::namespace, RequestInfo::resource,
            RequestInfo::name, RequestInfo::subresource)
        .containsExactly("get", "hello.zeng.dev", "v1", "default", "foos", "x", "");
  }

  @Test
  @DisplayName("collections: GET is list, or watch with watch=true; DELETE without name is deletecollection")
  void collections() {
    assertThat(parse("GET", "/api/v1/namespaces/ns/configmaps").verb()).isEqualTo("list");
    assertThat(parse("GET", "/api/v1/namespaces/ns/configmaps", Map.of("watch", "true")).verb()).isEqualTo("watch");
    assertThat(parse("GET", "/api/v1/namespaces/ns/configmaps", Map.of("watch", "True")).verb()).as("Python's client")
        .isEqualTo("watch");
    assertThat(parse("GET", "/api/v1/namespaces/ns/configmaps", Map.of("watch", "false")).verb()).isEqualTo("list");
    assertThat(parse("DELETE", "/api/v1/namespaces/ns/configmaps").verb()).isEqualTo("deletecollection");
    assertThat(parse("POST", "/api/v1/namespaces/ns/configmaps").verb()).isEqualTo("create");
    assertThat(parse("GET", "/api/v1/watch/namespaces/ns/configmaps").verb()).isEqualTo("watch");
  }

  @Test
  @DisplayName("a watch of one object by field selector names the object")
  void watchOne() {
    RequestInfo a = parse("GET", "/apis/g/v1/foos", Map.of("watch", "1", "fieldSelector", "metadata.name=x"));
    assertThat(a.verb()).isEqualTo("watch");
    assertThat(a.name()).isEqualTo("x");
    assertThat(a.namespace()).isEmpty();
  }

  @Test
  @DisplayName("subresources, namespaces as objects, namespace status")
  void subresources() {
    RequestInfo status = parse("PUT", "/apis/g/v1/namespaces/ns/foos/x/status");
    assertThat(status.verb()).isEqualTo("update");
    assertThat(status.subresource()).isEqualTo("status");
    RequestInfo ns = parse("GET", "/api/v1/namespaces/ns");
    assertThat(ns.resource()).isEqualTo("namespaces");
    assertThat(ns.name()).isEqualTo("ns");
    assertThat(ns.namespace()).isEqualTo("ns");
    RequestInfo nsStatus = parse("PATCH", "/api/v1/namespaces/ns/status");
    assertThat(nsStatus.resource()).isEqualTo("namespaces");
    assertThat(nsStatus.subresource()).isEqualTo("status");
    assertThat(nsStatus.verb()).isEqualTo("patch");
  }

  @Test
  @DisplayName("discovery and other paths are non-resource requests with the lower-case method as verb")
  void nonResource() {
    for (String p : new String[] {"/api", "/api/v1", "/apis", "/apis/g", "/apis/g/v1", "/version", "/openapi/v3", "/"}) {
      RequestInfo a = parse("GET", p);
      assertThat(a.resourceRequest()).as(p).isFalse();
      assertThat(a.verb()).isEqualTo("get");
      assertThat(a.path()).isEqualTo(p);
    }
  }

  @Test
  @DisplayName("query parameters come from the query string only")
  void query() {
    assertThat(RequestInfoResolver.query("watch=true&fieldSelector=metadata.name%3Dx&watch=false"))
        .containsEntry("watch", "true").containsEntry("fieldSelector", "metadata.name=x");
    assertThat(RequestInfoResolver.query(null)).isEmpty();
  }
}
