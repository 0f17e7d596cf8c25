package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * status.storedVersions checked as kube's ValidateCustomResourceDefinitionStoredVersions checks them,
 * in its words: a version dropped from spec.versions while still stored, and the storage version
 * missing (a definition that marks two versions as storage stores the first, as kube's strategy does).
 */
@DisplayName("CRDs: storedVersions errors in kube's words")
class StoredVersionsRestTest {
  static final String GROUP = "stored.example.com";
  static final String CRD = CrdFixture.CRDS + "/crontabs." + GROUP;
  static final String SCHEMA = "\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}}";
  static CrdFixture f;

  static String version(String name, boolean storage) {
    return "{\"name\":\"" + name + "\",\"served\":true,\"storage\":" + storage + "," + SCHEMA + "}";
  }

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, "[" + version("v1", true) + "]");
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  @Test
  @DisplayName("dropping a stored version from spec.versions: status.storedVersions[i] with kube's storage-migration message")
  void droppedStoredVersion() throws Exception {
    HttpResponse<String> v2 = f.send("PATCH", CRD, "{\"spec\":{\"versions\":[" + version("v1", false) + "," + version("v2", true) + "]}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(v2.statusCode()).as(v2.body()).isEqualTo(200);
    assertThat(json(v2).at("/status/storedVersions").toString()).isEqualTo("[\"v1\",\"v2\"]");

    HttpResponse<String> r = f.send("PATCH", CRD, "{\"spec\":{\"versions\":[" + version("v2", true) + "]}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io \"crontabs." + GROUP
        + "\" is invalid: status.storedVersions[0]: Invalid value: \"v1\": missing from spec.versions; v1 was previously a "
        + "storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted "
        + "in v1 and removes v1 from status.storedVersions");
  }

  @Test
  @DisplayName("two versions marked as storage: the spec error, and the second storage version missing from storedVersions")
  void twoStorageVersions() throws Exception {
    String group = "twostorage.example.com";
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS, CrdFixture.crd(group, "crontabs", "CronTab",
        "[" + version("v1", true) + "," + version("v2", true) + "]"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).endsWith("must have exactly one version marked as storage version, "
        + "status.storedVersions: Invalid value: [\"v1\"]: must have the storage version v2]");
  }
}
