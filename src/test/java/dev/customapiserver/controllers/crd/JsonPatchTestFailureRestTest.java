package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JSON patch whose {@code test} operation fails answers as kube-apiserver's: 422 Invalid with its
 * generic message and the json-patch library's words in an {@code UnexpectedServerResponse} cause;
 * nothing is written. The same for custom resources and built-in kinds.
 */
@DisplayName("JSON patch: a failed test operation is kube's 422 with 'testing value <path> failed: test failed'")
class JsonPatchTestFailureRestTest {
  static final String GROUP = "jsontests.example.com";
  static final String CRONTABS = "/apis/" + GROUP + "/v1/namespaces/default/crontabs";
  static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  static final String VERSIONS = """
      [{"name":"v1","served":true,"storage":true,
        "schema":{"openAPIV3Schema":{"type":"object","properties":{"data":{"type":"object",
          "additionalProperties":{"type":"string"}}}}}}]
      """;
  static final String JSON_PATCH = "application/json-patch+json";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = CrdFixture.withCronTabs(GROUP, VERSIONS);
    create(CRONTABS, GROUP + "/v1", "CronTab");
    create(CONFIGMAPS, "v1", "ConfigMap");
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static void create(String path, String apiVersion, String kind) throws Exception {
    HttpResponse<String> r = f.send("POST", path, """
        {"apiVersion":"%s","kind":"%s","metadata":{"name":"x"},"data":{"a":"1"}}
        """.formatted(apiVersion, kind));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  static HttpResponse<String> patch(String path, String ops) throws Exception {
    return f.send("PATCH", path + "/x", ops, "Content-Type", JSON_PATCH);
  }

  static String failure(String cause) {
    return """
        {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
         "message":"the server rejected our request due to an error in our request","reason":"Invalid",
         "details":{"causes":[{"reason":"UnexpectedServerResponse","message":"%s"}]},"code":422}
        """.formatted(cause);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {CRONTABS, CONFIGMAPS})
  @DisplayName("a value that differs: 422, the whole patch refused, the object unchanged")
  void differs(String path) throws Exception {
    HttpResponse<String> r = patch(path, """
        [{"op":"replace","path":"/data/a","value":"2"},{"op":"test","path":"/data/a","value":"1"}]""");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r)).isEqualTo(CrdFixture.JSON.readTree(failure("testing value /data/a failed: test failed")));
    assertThat(json(f.send("GET", path + "/x", null)).get("data").get("a").asText()).isEqualTo("1");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {CRONTABS, CONFIGMAPS})
  @DisplayName("a missing key is a failed test; a missing parent is 'is missing path'; null at a missing key passes")
  void missing(String path) throws Exception {
    HttpResponse<String> key = patch(path, "[{\"op\":\"test\",\"path\":\"/data/b\",\"value\":\"1\"}]");
    assertThat(json(key)).isEqualTo(CrdFixture.JSON.readTree(failure("testing value /data/b failed: test failed")));
    HttpResponse<String> parent = patch(path, "[{\"op\":\"test\",\"path\":\"/spec/b\",\"value\":\"1\"}]");
    assertThat(parent.statusCode()).as(parent.body()).isEqualTo(422);
    assertThat(json(parent)).isEqualTo(CrdFixture.JSON.readTree(
        failure("test operation does not apply: is missing path: /spec/b: missing value")));
    HttpResponse<String> nullTest = patch(path, "[{\"op\":\"test\",\"path\":\"/data/b\",\"value\":null}]");
    assertThat(nullTest.statusCode()).as(nullTest.body()).isEqualTo(200);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {CRONTABS, CONFIGMAPS})
  @DisplayName("add, remove, replace, move and copy that do not apply: evanphx/json-patch.v4's words in kube's 422")
  void otherOperations(String path) throws Exception {
    String[][] cases = {
        {"{\"op\":\"add\",\"path\":\"/spec/a/b\",\"value\":\"1\"}",
            "add operation does not apply: doc is missing path: \\\"/spec/a/b\\\": missing value"},
        {"{\"op\":\"remove\",\"path\":\"/spec/a\"}",
            "remove operation does not apply: doc is missing path: \\\"/spec/a\\\": missing value"},
        {"{\"op\":\"remove\",\"path\":\"/data/zz\"}",
            "error in remove for path: '/data/zz': Unable to remove nonexistent key: zz: missing value"},
        {"{\"op\":\"replace\",\"path\":\"/spec/a\",\"value\":\"1\"}",
            "replace operation does not apply: doc is missing path: /spec/a: missing value"},
        {"{\"op\":\"replace\",\"path\":\"/metadata/finalizers/3\",\"value\":\"x\"}",
            "replace operation does not apply: doc is missing path: /metadata/finalizers/3: missing value"},
        {"{\"op\":\"move\",\"from\":\"/spec/a\",\"path\":\"/data/c\"}",
            "move operation does not apply: doc is missing from path: /spec/a: missing value"},
        {"{\"op\":\"move\",\"from\":\"/data/zz\",\"path\":\"/data/c\"}",
            "error in move for path: 'zz': Unable to remove nonexistent key: zz: missing value"},
        {"{\"op\":\"copy\",\"from\":\"/data/a\",\"path\":\"/spec/c\"}",
            "copy operation does not apply: doc is missing destination path: /spec/c: missing value"}};
    for (String[] c : cases) {
      HttpResponse<String> r = patch(path, "[" + c[0] + "]");
      assertThat(r.statusCode()).as(c[0] + ": " + r.body()).isEqualTo(422);
      assertThat(json(r)).as(c[0]).isEqualTo(CrdFixture.JSON.readTree(failure(c[1])));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {CRONTABS, CONFIGMAPS})
  @DisplayName("as the library: replace of a missing key of an existing object sets it")
  void replaceMissingKeySets(String path) throws Exception {
    HttpResponse<String> r = patch(path, "[{\"op\":\"replace\",\"path\":\"/data/new\",\"value\":\"v\"}]");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r).at("/data/new").asText()).isEqualTo("v");
  }
}
