package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Bad requests get a precise Kubernetes Status, never a 500")
class RestApiErrorsTest {
  static TestServer server;
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode status(HttpResponse<String> r, int code, String reason) throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(code);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/apiVersion").asText()).isEqualTo("v1");
    assertThat(s.at("/status").asText()).isEqualTo("Failure");
    assertThat(s.at("/reason").asText()).isEqualTo(reason);
    assertThat(s.at("/code").asInt()).isEqualTo(code);
    return s;
  }

  @Test
  @DisplayName("a missing object is 404 NotFound worded as kube-apiserver")
  void notFound() throws Exception {
    JsonNode s = status(server.send("GET", WIDGETS + "/nope", null), 404, "NotFound");
    assertThat(s.at("/message").asText()).isEqualTo("widgets.test.example.com \"nope\" not found");
    assertThat(s.at("/details/kind").asText()).isEqualTo("widgets");
  }

  @Test
  @DisplayName("creating an existing name is 409 AlreadyExists")
  void alreadyExists() throws Exception {
    server.send("POST", WIDGETS, RestApiCrudTest.widget("dup", "red"));
    JsonNode s = status(server.send("POST", WIDGETS, RestApiCrudTest.widget("dup", "red")), 409, "AlreadyExists");
    assertThat(s.at("/message").asText()).isEqualTo("widgets.test.example.com \"dup\" already exists");
  }

  @Test
  @DisplayName("an update with a stale resourceVersion is 409 Conflict with the message kubectl users know")
  void staleUpdate() throws Exception {
    JsonNode created = RestApiCrudTest.json(server.send("POST", WIDGETS, RestApiCrudTest.widget("stale", "red")));
    server.send("PUT", WIDGETS + "/stale", created.toString().replace("\"red\"", "\"blue\""));
    JsonNode s = status(server.send("PUT", WIDGETS + "/stale", created.toString().replace("\"red\"", "\"green\"")), 409, "Conflict");
    assertThat(s.at("/message").asText()).isEqualTo("Operation cannot be fulfilled on widgets.test.example.com \"stale\": "
        + "the object has been modified; please apply your changes to the latest version and try again");
  }

  @Test
  @DisplayName("an update without resourceVersion is 422")
  void updateWithoutResourceVersion() throws Exception {
    server.send("POST", WIDGETS, RestApiCrudTest.widget("norv", "red"));
    JsonNode s = status(server.send("PUT", WIDGETS + "/norv", RestApiCrudTest.widget("norv", "blue")), 422, "Invalid");
    assertThat(s.at("/message").asText()).isEqualTo("Widget.test.example.com \"norv\" is invalid: "
        + "metadata.resourceVersion: Invalid value: 0x0: must be specified for an update");
  }

  @Test
  @DisplayName("validation failures are 422 Invalid with one cause per field, paths in JSON form")
  void invalid() throws Exception {
    String body = "{\"metadata\":{\"name\":\"Bad_Name\"},\"spec\":{\"size\":0}}";
    JsonNode s = status(server.send("POST", WIDGETS, body), 422, "Invalid");
    assertThat(s.at("/details/kind").asText()).isEqualTo("Widget");
    assertThat(s.at("/details/group").asText()).isEqualTo("test.example.com");
    assertThat(s.at("/details/causes")).extracting(c -> c.at("/field").asText())
        .contains("metadata.name", "spec.color", "spec.size");
    assertThat(s.at("/details/causes")).anySatisfy(c -> {
      assertThat(c.at("/field").asText()).isEqualTo("spec.color");
      assertThat(c.at("/reason").asText()).isEqualTo("FieldValueRequired");
      assertThat(c.at("/message").asText()).isEqualTo("Required value");
    });
    assertThat(s.at("/message").asText()).startsWith("Widget.test.example.com \"Bad_Name\" is invalid: [");
  }

  @Test
  @DisplayName("a too long string is TooLong, a strategy rule is Forbidden")
  void tooLongAndStrategy() throws Exception {
    JsonNode s = status(server.send("POST", WIDGETS, RestApiCrudTest.widget("long", "abcdefghijklmnop")), 422, "Invalid");
    assertThat(s.at("/message").asText()).endsWith("spec.color: Too long: may not be more than 10 bytes");
    JsonNode f = status(server.send("POST", WIDGETS, RestApiCrudTest.widget("black", "black")), 422, "Invalid");
    assertThat(f.at("/details/causes/0/reason").asText()).isEqualTo("FieldValueForbidden");
  }

  @Test
  @DisplayName("malformed JSON and YAML are 400 BadRequest naming the position")
  void malformed() throws Exception {
    JsonNode s = status(server.send("POST", WIDGETS, "{\"metadata\": {"), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("couldn't get version/kind; json parse error: unexpected end of JSON input");
    JsonNode y = status(server.send("POST", WIDGETS, "metadata: [\n  x: :", "Content-Type", "application/yaml"), 400, "BadRequest");
    assertThat(y.at("/message").asText()).startsWith("error converting YAML to JSON: yaml: line ");
  }

  @Test
  @DisplayName("a wrong type for a field is 400 naming the field")
  void wrongType() throws Exception {
    JsonNode s = status(server.send("POST", WIDGETS, "{\"metadata\":{\"name\":\"t\"},\"spec\":{\"size\":\"big\"}}"), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("Widget in version \"v2\" cannot be handled as a Widget: "
        + "json: cannot unmarshal string into Go struct field WidgetSpec.spec.size of type int32");
  }

  @Test
  @DisplayName("unknown fields are a 400 in Strict mode and Warning headers otherwise")
  void unknownFields() throws Exception {
    String body = "{\"metadata\":{\"name\":\"unk\"},\"spec\":{\"paint\":{\"color\":\"red\"},\"foo\":1,\"bar\":2}}";
    JsonNode s = status(server.send("POST", WIDGETS + "?fieldValidation=Strict", body), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("Widget in version \"v2\" cannot be handled as a Widget: "
        + "strict decoding error: unknown field \"spec.foo\", unknown field \"spec.bar\"");
    HttpResponse<String> warn = server.send("POST", WIDGETS, body);
    assertThat(warn.statusCode()).isEqualTo(201);
    assertThat(warn.headers().allValues("Warning")).containsExactly("299 - \"unknown field \\\"spec.foo\\\"\"",
        "299 - \"unknown field \\\"spec.bar\\\"\"");
  }

  @Test
  @DisplayName("duplicate fields are a 400 in Strict mode")
  void duplicateFields() throws Exception {
    String body = "{\"metadata\":{\"name\":\"dupf\",\"name\":\"dupf\"},\"spec\":{\"paint\":{\"color\":\"red\"}}}";
    JsonNode s = status(server.send("POST", WIDGETS + "?fieldValidation=Strict", body), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("Widget in version \"v2\" cannot be handled as a Widget: "
        + "strict decoding error: duplicate field \"metadata.name\"");
  }

  @Test
  @DisplayName("a body for another version or kind than the URL is 400")
  void wrongApiVersion() throws Exception {
    String body = RestApiCrudTest.widget("wv", "red").replace("test.example.com/v2", "test.example.com/v1");
    JsonNode s = status(server.send("POST", WIDGETS, body), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo(
        "the API version in the data (test.example.com/v1) does not match the expected API version (test.example.com/v2)");
    status(server.send("POST", WIDGETS, RestApiCrudTest.widget("wk", "red").replace("\"Widget\"", "\"Gadget\"")), 400, "BadRequest");
  }

  @Test
  @DisplayName("a body namespace or name that disagrees with the URL is 400")
  void urlMismatch() throws Exception {
    String other = RestApiCrudTest.widget("mm", "red").replace("\"name\":", "\"namespace\":\"other\",\"name\":");
    JsonNode s = status(server.send("POST", WIDGETS, other), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("the namespace of the provided object does not match the namespace sent on the request");
    JsonNode created = RestApiCrudTest.json(server.send("POST", WIDGETS, RestApiCrudTest.widget("mm", "red")));
    status(server.send("PUT", WIDGETS + "/other-name", created.toString()), 400, "BadRequest");
  }

  @Test
  @DisplayName("bodies over 3 MiB are 413")
  void tooLarge() throws Exception {
    String huge = "{\"metadata\":{\"name\":\"big\",\"annotations\":{\"a\":\"" + "x".repeat(3 * 1024 * 1024) + "\"}}}";
    JsonNode s = status(server.send("POST", WIDGETS, huge), 413, "RequestEntityTooLarge");
    assertThat(s.at("/message").asText()).isEqualTo("Request entity too large: limit is 3145728");
  }

  @Test
  @DisplayName("unsupported patch types are 415, listing the supported ones")
  void unsupportedPatch() throws Exception {
    server.send("POST", WIDGETS, RestApiCrudTest.widget("smp", "red"));
    JsonNode s = status(server.send("PATCH", WIDGETS + "/smp", "{}", "Content-Type", "application/xml"),
        415, "UnsupportedMediaType");
    assertThat(s.at("/message").asText()).isEqualTo("the body of the request was in an unknown format - accepted media types "
        + "include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, "
        + "application/apply-patch+yaml");
  }

  @Test
  @DisplayName("a JSON patch that cannot apply is 422, a malformed one 400")
  void badJsonPatch() throws Exception {
    server.send("POST", WIDGETS, RestApiCrudTest.widget("jp", "red"));
    status(server.send("PATCH", WIDGETS + "/jp", "[{\"op\":\"remove\",\"path\":\"/spec/nothing\"}]",
        "Content-Type", "application/json-patch+json"), 422, "Invalid");
    status(server.send("PATCH", WIDGETS + "/jp", "[{\"op\":", "Content-Type", "application/json-patch+json"), 400, "BadRequest");
  }

  @Test
  @DisplayName("malformed selectors are 400 with a precise message; unknown field selectors are refused")
  void badSelectors() throws Exception {
    JsonNode s = status(server.send("GET", WIDGETS + "?labelSelector=a%20in%20b", null), 400, "BadRequest");
    assertThat(s.at("/message").asText()).isEqualTo("unable to parse requirement: found 'b', expected: '('");
    JsonNode f = status(server.send("GET", WIDGETS + "?fieldSelector=spec.nothing%3Dx", null), 400, "BadRequest");
    assertThat(f.at("/message").asText()).isEqualTo("field label not supported: spec.nothing");
  }

  @Test
  @DisplayName("unknown paths are 404 and unsupported Accept is 406, as Status")
  void unknownPathsAndAccept() throws Exception {
    JsonNode s = status(server.send("GET", "/apis/nope.example.com/v1/things", null), 404, "NotFound");
    assertThat(s.at("/message").asText()).isEqualTo("the server could not find the requested resource");
    status(server.send("GET", WIDGETS, null, "Accept", "application/vnd.kubernetes.protobuf"), 406, "NotAcceptable");
    status(server.send("GET", WIDGETS + "?limit=abc", null), 400, "BadRequest");
  }
}
