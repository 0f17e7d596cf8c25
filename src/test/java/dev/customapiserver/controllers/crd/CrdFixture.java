package dev.customapiserver.controllers.crd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.storage.StorageBackend;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/** A REST server with every module and the CRD controller, and helpers to define CRDs and wait for them. */
final class CrdFixture implements AutoCloseable {
  static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  static final ObjectMapper JSON = new ObjectMapper();
  final TestServer server;
  private final CustomResourceController controller;

  CrdFixture() throws Exception {
    this(new MemoryStorageBackend());
  }

  /** Over {@code backend} (e.g. the server's own in-memory storage, which counts what follows a page). */
  CrdFixture(StorageBackend backend) throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, backend);
    controller = new CustomResourceController(server.registry());
    controller.start();
  }

  /** The versions of a CRD with one version, v1, served and stored, that keeps whatever it is sent. */
  static final String ANY_V1 = """
      [{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]
      """;

  /** A server on which {@code crontabs.<group>} (kind CronTab, namespaced, in {@code versions}) is served in v1. */
  static CrdFixture withCronTabs(String group, String versions) throws Exception {
    CrdFixture f = new CrdFixture();
    f.define(crd(group, "crontabs", "CronTab", versions), group, "v1", "crontabs");
    return f;
  }

  /** A namespaced CRD {@code <plural>.<group>} of kind {@code kind} with {@code versions} (a JSON array). */
  static String crd(String group, String plural, String kind, String versions) {
    return """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"%2$s.%1$s"},
         "spec":{"group":"%1$s","scope":"Namespaced","names":{"plural":"%2$s","kind":"%3$s"},"versions":%4$s}}
        """.formatted(group, plural, kind, versions);
  }

  /** Creates the CRD and waits until its version {@code version} is served. */
  void define(String crd, String group, String version, String plural) throws Exception {
    HttpResponse<String> r = server.send("POST", CRDS, crd);
    if (r.statusCode() != 201) {
      throw new AssertionError(r.statusCode() + " " + r.body());
    }
    eventually("/apis/" + group + "/" + version + "/namespaces/default/" + plural);
  }

  /** Polls {@code path} until it answers 200 (the controller serves definitions in the background). */
  void eventually(String path) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    HttpResponse<String> r;
    do {
      r = server.send("GET", path, null);
      if (r.statusCode() == 200) {
        return;
      }
      Thread.sleep(50);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("not served: " + path + ": " + r.statusCode() + " " + r.body());
  }

  HttpResponse<String> send(String method, String path, String body, String... headers) throws Exception {
    return server.send(method, path, body, headers);
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }

  @Override
  public void close() throws Exception {
    controller.close();
    server.close();
  }
}
