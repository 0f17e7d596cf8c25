package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.glassfish.jersey.server.model.Resource;
import org.junit.jupiter.api.Test;

class RouteTreeTest {

  @Test
  void literalGroupVersionsAreThePrefixes() {
    assertThat(RouteTree.prefix("/api/v1/namespaces/{namespace}/pods")).isEqualTo("/api/v1");
    assertThat(RouteTree.prefix("/apis/hello.zeng.dev/v1/watch/foos")).isEqualTo("/apis/hello.zeng.dev/v1");
    assertThat(RouteTree.prefix("/apis/hello.zeng.dev/v1")).isEqualTo("/apis/hello.zeng.dev/v1");
    assertThat(RouteTree.prefix("/apis/{group}/{version}/{path: .+}")).isNull();
    assertThat(RouteTree.prefix("/apis/hello.zeng.dev")).isNull();
    assertThat(RouteTree.prefix("/version")).isNull();
  }

  @Test
  void routesOfAGroupVersionBecomeOneRootWithOneLevelOfChildren() {
    Resource.Builder collection = Resource.builder("/apis/g/v1/namespaces/{namespace}/foos");
    collection.addMethod("GET").handledBy(c -> null);
    collection.addChildResource("{name}").addMethod("GET").handledBy(c -> null);
    Resource.Builder discovery = Resource.builder("/apis/g/v1");
    discovery.addMethod("GET").handledBy(c -> null);
    Resource.Builder dynamic = Resource.builder("/apis/{group}/{version}");
    dynamic.addMethod("GET").handledBy(c -> null);

    List<Resource> roots = RouteTree.nest(List.of(collection.build(), discovery.build(), dynamic.build()));

    assertThat(roots).extracting(Resource::getPath).containsExactlyInAnyOrder("/apis/{group}/{version}", "/apis/g/v1");
    Resource gv = roots.stream().filter(r -> r.getPath().equals("/apis/g/v1")).findFirst().orElseThrow();
    assertThat(gv.getResourceMethods()).hasSize(1);
    assertThat(gv.getChildResources()).extracting(Resource::getPath)
        .containsExactlyInAnyOrder("namespaces/{namespace}/foos", "namespaces/{namespace}/foos/{name}");
    assertThat(gv.getChildResources()).allSatisfy(c -> assertThat(c.getChildResources()).isEmpty());
  }
}
