package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testing.Widgets;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("Bodies are decoded strictly, one way for JSON and YAML: refused bodies change nothing, answers name the field")
class StrictDecodingTest {
  static final String WIDGETS = "/apis/test.example.com/v2/namespaces/default/widgets";
  static final String JSON = "application/json";
  static final String YAML = "application/yaml";
  static final String MERGE = "application/merge-patch+json";
  static final String JSON_PATCH = "application/json-patch+json";
  static final String SMP = "application/strategic-merge-patch+json";
  /** Words no answer may show: the libraries and Java classes behind the server. */
  static final Pattern INTERNALS = Pattern.compile(
      "(?i)jackson|fasterxml|parsson|snakeyaml|protobuf|CodedInputStream|StreamReadConstraints|Exception|java\\.|jakarta\\.|org\\.|\\[Source:");
  static TestServer server;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(List.of(Widgets.group()), new MemoryStorageBackend());
    HttpResponse<String> r = server.send("POST", WIDGETS, "{\"apiVersion\":\"test.example.com/v2\",\"kind\":\"Widget\","
        + "\"metadata\":{\"name\":\"base\",\"labels\":{\"a\":\"x\"}},\"spec\":{\"paint\":{\"color\":\"red\"},\"size\":3}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  record Case(String name, String method, String path, String type, byte[] body, int code, String reason, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case create(String name, String type, String body, String message) {
    return new Case(name, "POST", WIDGETS, type, body.getBytes(StandardCharsets.UTF_8), 400, "BadRequest", message);
  }

  static Case patch(String name, String type, String body, int code, String reason, String message) {
    return new Case(name, "PATCH", WIDGETS + "/base", type, body.getBytes(StandardCharsets.UTF_8), code, reason, message);
  }

  static String widget(String spec) {
    return "{\"apiVersion\":\"test.example.com/v2\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"new\"},\"spec\":" + spec + "}";
  }

  static String deep(String open, String close, int levels, String inner) {
    return open.repeat(levels) + inner + close.repeat(levels);
  }

  static String laughs() {
    StringBuilder b = new StringBuilder("apiVersion: test.example.com/v2\nkind: Widget\nmetadata: {name: new}\n");
    b.append("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'i'; c++) {
      b.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        b.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      b.append("]\n");
      prev = c;
    }
    return b.toString();
  }

  static final String CANNOT = "Widget in version \"v2\" cannot be handled as a Widget: json: cannot unmarshal ";

  static Stream<Case> refused() {
    return Stream.of(
        create("number for a string", JSON, widget("{\"paint\":{\"color\":42}}"),
            CANNOT + "number into Go struct field Paint.spec.paint.color of type string"),
        create("bool for a string", JSON, widget("{\"paint\":{\"color\":true}}"),
            CANNOT + "bool into Go struct field Paint.spec.paint.color of type string"),
        create("string for an integer", JSON, widget("{\"size\":\"3\"}"),
            CANNOT + "string into Go struct field WidgetSpec.spec.size of type int32"),
        create("2.5 for an integer", JSON, widget("{\"size\":2.5}"),
            CANNOT + "number 2.5 into Go struct field WidgetSpec.spec.size of type int32"),
        create("object for a string", JSON, widget("{\"paint\":{\"color\":{}}}"),
            CANNOT + "object into Go struct field Paint.spec.paint.color of type string"),
        create("number for a label value", JSON, widget("{}").replace("\"name\":\"new\"", "\"name\":\"new\",\"labels\":{\"a\":1}"),
            CANNOT + "number into Go struct field ObjectMeta.metadata.labels of type string"),
        create("1e400 for an integer", JSON, widget("{\"size\":1e400}"), "json: unsupported value"),
        create("1e400 for a string", JSON, widget("{\"paint\":{\"color\":1e400}}"), "json: unsupported value"),
        create("content after the JSON document", JSON, widget("{}") + "x",
            "couldn't get version/kind; json parse error: invalid character 'x' after top-level value"),
        create("a second JSON document", JSON, widget("{}") + " {}",
            "couldn't get version/kind; json parse error: invalid character '{' after top-level value"),
        create("truncated JSON", JSON, "{\"metadata\": {", "couldn't get version/kind; json parse error: unexpected end of JSON input"),
        create("JSON that is not an object", JSON, "[1]", "json: cannot unmarshal array into Go value of type struct"),
        create("an empty body", JSON, "", "Object 'Kind' is missing"),
        create("zero bytes", JSON, "\u0000\u0000\u0000{", "couldn't get version/kind; json parse error: invalid character"),
        create("100,000 levels of JSON objects", JSON, deep("{\"a\":", "}", 100_000, "1"), "exceeded max depth"),
        create("100,000 levels of JSON arrays", JSON, widget(deep("[", "]", 100_000, "")), "exceeded max depth"),
        create("YAML number for a string", YAML, "apiVersion: test.example.com/v2\nkind: Widget\nmetadata: {name: new}\nspec: {paint: {color: 42}}\n",
            CANNOT + "number into Go struct field Paint.spec.paint.color of type string"),
        create("YAML string for an integer", YAML, "apiVersion: test.example.com/v2\nkind: Widget\nmetadata: {name: new}\nspec: {size: \"3\"}\n",
            CANNOT + "string into Go struct field WidgetSpec.spec.size of type int32"),
        create("YAML alias of a number for a string", YAML,
            "apiVersion: test.example.com/v2\nkind: Widget\nmetadata: {name: new, labels: {a: &n 5, b: *n}}\n",
            CANNOT + "number into Go struct field ObjectMeta.metadata.labels of type string"),
        create("YAML billion laughs", YAML, laughs(), "error converting YAML to JSON: yaml: document contains excessive aliasing"),
        create("YAML .inf", YAML, "apiVersion: test.example.com/v2\nkind: Widget\nmetadata: {name: new}\nspec: {size: .inf}\n",
            "json: unsupported value: +Inf"),
        create("YAML syntax error", YAML, "metadata: [\n  x: :", "error converting YAML to JSON: yaml: line"),
        create("100,000 levels of YAML flow", YAML, deep("[", "]", 100_000, ""), "exceeded max depth"),
        create("a YAML anchor containing itself", YAML, "metadata: &m {name: new, x: *m}\n", "error converting YAML to JSON: yaml:"),
        patch("merge patch 100,000 levels deep", MERGE, deep("{\"a\":", "}", 100_000, "1"), 400, "BadRequest", "exceeded max depth"),
        patch("JSON patch 100,000 levels deep", JSON_PATCH,
            "[{\"op\":\"add\",\"path\":\"/spec/x\",\"value\":" + deep("[", "]", 100_000, "") + "}]", 400, "BadRequest", "exceeded max depth"),
        patch("strategic merge patch 100,000 levels deep", SMP, deep("{\"a\":", "}", 100_000, "1"), 400, "BadRequest",
            "exceeded max depth"),
        patch("merge patch with trailing content", MERGE, "{\"spec\":{\"size\":4}} x", 400, "BadRequest",
            "invalid character 'x' after top-level value"),
        patch("merge patch with 1e400", MERGE, "{\"spec\":{\"size\":1e400}}", 400, "BadRequest", "json: unsupported value"),
        patch("merge patch putting a number in a string", MERGE, "{\"spec\":{\"paint\":{\"color\":7}}}", 400, "BadRequest",
            CANNOT + "number into Go struct field Paint.spec.paint.color of type string"),
        patch("JSON patch putting a string in an integer", JSON_PATCH, "[{\"op\":\"replace\",\"path\":\"/spec/size\",\"value\":\"4\"}]",
            400, "BadRequest", CANNOT + "string into Go struct field WidgetSpec.spec.size of type int32"),
        patch("strategic merge patch putting 2.5 in an integer", SMP, "{\"spec\":{\"size\":2.5}}", 400, "BadRequest",
            CANNOT + "number 2.5 into Go struct field WidgetSpec.spec.size of type int32"),
        patch("JSON patch that is an object", JSON_PATCH, "{}", 400, "BadRequest", "json: cannot unmarshal object"),
        new Case("PUT with a number for a string", "PUT", WIDGETS + "/base", JSON,
            widget("{\"paint\":{\"color\":1}}").replace("\"new\"", "\"base\"").getBytes(StandardCharsets.UTF_8), 400, "BadRequest",
            CANNOT + "number into Go struct field Paint.spec.paint.color of type string"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("a refused body is a 4xx Status in kube's words, without internals, and nothing is stored")
  void refusedBodies(Case c) throws Exception {
    String before = server.send("GET", WIDGETS, null).body();
    HttpRequest.Builder b = HttpRequest.newBuilder(server.base().resolve(c.path()))
        .method(c.method(), HttpRequest.BodyPublishers.ofByteArray(c.body())).header("Content-Type", c.type());
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(c.code());
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.at("/kind").asText()).isEqualTo("Status");
    assertThat(s.at("/reason").asText()).isEqualTo(c.reason());
    assertThat(s.at("/message").asText()).contains(c.message()).doesNotContainPattern(INTERNALS);
    assertThat(server.send("GET", WIDGETS, null).body()).as("nothing stored").isEqualTo(before);
  }

  @Test
  @DisplayName("YAML anchors and merge keys are expanded: the alias stores the anchored value")
  void aliasesExpanded() throws Exception {
    String yaml = "apiVersion: test.example.com/v2\nkind: Widget\nmetadata:\n  name: aliased\n  labels: {a: &v hello, b: *v}\n"
        + "  annotations:\n    <<: &base {x: one}\n    y: two\nspec:\n  paint: {color: blue}\n";
    HttpResponse<String> r = server.send("POST", WIDGETS, yaml, "Content-Type", YAML);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode stored = RestApiCrudTest.json(server.send("GET", WIDGETS + "/aliased", null));
    assertThat(stored.at("/metadata/labels/b").asText()).isEqualTo("hello");
    assertThat(stored.at("/metadata/annotations/x").asText()).isEqualTo("one");
    assertThat(stored.at("/metadata/annotations/y").asText()).isEqualTo("two");
    server.send("DELETE", WIDGETS + "/aliased", null);
  }
}
