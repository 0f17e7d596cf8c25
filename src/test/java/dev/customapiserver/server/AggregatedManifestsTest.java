package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The manifests of the aggregated deployment ({@code server-config/aggregated/}) against what the
 * server serves: an APIService for every group/version of its own groups (not for the Kubernetes
 * groups it also serves standalone, which the core cluster owns), and storage that outlives the pod.
 */
@DisplayName("server-config/aggregated/ manifests")
class AggregatedManifestsTest {
  private static final Path DIR = Path.of("server-config/aggregated");

  private static List<JsonNode> documents(String file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    ObjectMapper mapper = new YAMLMapper();
    try (var parser = new YAMLFactory().createParser(Files.readString(DIR.resolve(file)))) {
      mapper.readValues(parser, JsonNode.class).forEachRemaining(d -> {
        if (d != null && !d.isNull() && !d.isEmpty()) {
          docs.add(d);
        }
      });
    }
    return docs;
  }

  /** The groups the core cluster owns: the core group and kube's *.k8s.io groups. */
  private static boolean kubernetesGroup(String group) {
    return group.isEmpty() || group.endsWith(".k8s.io");
  }

  @Test
  @DisplayName("06-apiservices.yaml registers exactly every group/version of the server's own groups, each with its name")
  void apiServicesCoverEveryServedGroupVersion() throws IOException {
    Set<String> served = new TreeSet<>();
    for (ApiGroup g : TestServer.everyGroup()) {
      if (!kubernetesGroup(g.name())) {
        g.versions().forEach(v -> served.add(v + "." + g.name()));
      }
    }
    Set<String> registered = new TreeSet<>();
    for (JsonNode d : documents("06-apiservices.yaml")) {
      assertThat(d.path("kind").asText()).isEqualTo("APIService");
      String name = d.at("/metadata/name").asText();
      assertThat(name).isEqualTo(d.at("/spec/version").asText() + "." + d.at("/spec/group").asText());
      assertThat(d.at("/spec/service/name").asText()).isEqualTo("custom-apiserver");
      registered.add(name);
    }
    assertThat(served).contains("v1alpha1.restaurant.programming-kubernetes.info");
    assertThat(registered).isEqualTo(served);
  }

  @Test
  @DisplayName("04-deployment.yaml keeps the objects in the etcd sidecar (--etcd-servers), not in H2 on an emptyDir")
  void deploymentUsesEtcdSidecar() throws IOException {
    JsonNode deployment = documents("04-deployment.yaml").get(0);
    JsonNode containers = deployment.at("/spec/template/spec/containers");
    List<String> names = new ArrayList<>();
    containers.forEach(c -> names.add(c.path("name").asText()));
    assertThat(names).contains("custom-apiserver", "etcd");
    JsonNode server = containers.get(names.indexOf("custom-apiserver"));
    assertThat(server.path("args").toString()).contains("--etcd-servers=http://localhost:2379");
  }
}
