package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Discovery of custom resources as kube's CRD discovery controller
 * ({@code apiextensions-apiserver/pkg/apiserver/customresource_discovery_controller.go}) builds it:
 * the verbs in its order ({@code delete, deletecollection, get, list, patch, create, update, watch}),
 * the accepted short names and categories, {@code /status} and {@code /scale} entries (scale as
 * autoscaling/v1 Scale), a storageVersionHash only when the storage version is served, and in the
 * aggregated document the group's resources sorted by name.
 */
@DisplayName("CRDs: discovery (legacy and aggregated) as kube's CRD discovery controller builds it")
class CustomResourceDiscoveryRestTest {
  static final String GROUP = "discovery.example.com";
  static final String AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
    f.define("""
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"crontabs.%1$s"},
         "spec":{"group":"%1$s","scope":"Namespaced",
          "names":{"plural":"crontabs","singular":"crontab","kind":"CronTab","shortNames":["ct"],"categories":["all"]},
          "versions":[{"name":"v1","served":true,"storage":true,
            "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},
            "subresources":{"status":{},"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas"}}}]}}
        """.formatted(GROUP), GROUP, "v1", "crontabs");
    // created second, listed first; its storage version v2 is not served, so it has no storageVersionHash
    assertThat(f.send("POST", CrdFixture.CRDS, """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"backups.%1$s"},
         "spec":{"group":"%1$s","scope":"Cluster","names":{"plural":"backups","singular":"backup","kind":"Backup"},
          "versions":[
           {"name":"v1","served":true,"storage":false,
            "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
           {"name":"v2","served":false,"storage":true,
            "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}
        """.formatted(GROUP)).statusCode()).isEqualTo(201);
    f.eventually("/apis/" + GROUP + "/v1/backups"); // cluster-scoped
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  @Test
  @DisplayName("the legacy APIResourceList: kube's verbs order, short names, categories, status and scale entries")
  void legacy() throws Exception {
    assertThat(json(f.send("GET", "/apis/" + GROUP + "/v1", null))).isEqualTo(CrdFixture.JSON.readTree("""
        {"kind":"APIResourceList","apiVersion":"v1","groupVersion":"%s/v1","resources":[
          {"name":"backups","singularName":"backup","namespaced":false,"kind":"Backup",
           "verbs":["delete","deletecollection","get","list","patch","create","update","watch"]},
          {"name":"crontabs","singularName":"crontab","namespaced":true,"kind":"CronTab",
           "verbs":["delete","deletecollection","get","list","patch","create","update","watch"],
           "shortNames":["ct"],"categories":["all"],"storageVersionHash":"/IWbY7G4eWo="},
          {"name":"crontabs/status","singularName":"","namespaced":true,"kind":"CronTab","verbs":["get","patch","update"]},
          {"name":"crontabs/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1",
           "kind":"Scale","verbs":["get","patch","update"]}]}
        """.formatted(GROUP)));
  }

  @Test
  @DisplayName("the aggregated document: the group's resources sorted by name, with kube's fields and subresources")
  void aggregated() throws Exception {
    JsonNode group = null;
    for (JsonNode g : json(f.send("GET", "/apis", null, "Accept", AGGREGATED)).at("/items")) {
      if (g.at("/metadata/name").asText().equals(GROUP)) {
        group = g;
      }
    }
    assertThat(group).isEqualTo(CrdFixture.JSON.readTree("""
        {"metadata":{"name":"%1$s"},"versions":[{"version":"v1","resources":[
          {"resource":"backups","responseKind":{"group":"%1$s","version":"v1","kind":"Backup"},
           "scope":"Cluster","singularResource":"backup",
           "verbs":["delete","deletecollection","get","list","patch","create","update","watch"]},
          {"resource":"crontabs","responseKind":{"group":"%1$s","version":"v1","kind":"CronTab"},
           "scope":"Namespaced","singularResource":"crontab",
           "verbs":["delete","deletecollection","get","list","patch","create","update","watch"],
           "shortNames":["ct"],"categories":["all"],"subresources":[
            {"subresource":"status","responseKind":{"group":"%1$s","version":"v1","kind":"CronTab"},"verbs":["get","patch","update"]},
            {"subresource":"scale","responseKind":{"group":"autoscaling","version":"v1","kind":"Scale"},"verbs":["get","patch","update"]}]}],
          "freshness":"Current"}]}
        """.formatted(GROUP)));
  }

  @Test
  @DisplayName("the aggregated core group: metadata without a creationTimestamp (kube 1.36 omits the zero time)")
  void coreMetadata() throws Exception {
    JsonNode core = json(f.send("GET", "/api", null, "Accept", AGGREGATED));
    assertThat(core.at("/items/0/metadata").toString()).isEqualTo("{}");
  }
}
