package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The built-in groups through the REST layer")
class BuiltInGroupsRestTest {
  static TestServer server;
  static final String FOOS_V2 = "/apis/hello.zeng.dev/v2/namespaces/default/foos";
  static final String FOOS_V1 = "/apis/hello.zeng.dev/v1/namespaces/default/foos";

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("a Foo written through v1 keeps the image it was given through v2")
  void fooRoundTripKeepsImage() throws Exception {
    server.send("POST", FOOS_V2, "{\"metadata\":{\"name\":\"rt\"},\"spec\":{\"image\":\"busybox\",\"config\":{\"msg\":\"a\"}}}");
    ObjectNode v1 = (ObjectNode) RestApiCrudTest.json(server.send("GET", FOOS_V1 + "/rt", null));
    ((ObjectNode) v1.get("spec")).put("msg", "changed through v1");
    HttpResponse<String> put = server.send("PUT", FOOS_V1 + "/rt", v1.toString());
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
    JsonNode v2 = RestApiCrudTest.json(server.send("GET", FOOS_V2 + "/rt", null));
    assertThat(v2.at("/spec/image").asText()).isEqualTo("busybox");
    assertThat(v2.at("/spec/config/msg").asText()).isEqualTo("changed through v1");
    assertThat(v2.at("/metadata/annotations").isMissingNode()).as("no conversion annotation leaks into v2").isTrue();
  }

  @Test
  @DisplayName("a Foo without spec.config.msg is 422 worded as kubectl users know it")
  void fooRequiresMsg() throws Exception {
    HttpResponse<String> r = server.send("POST", FOOS_V2, "{\"metadata\":{\"name\":\"x\"},\"spec\":{\"config\":{}}}");
    assertThat(r.statusCode()).isEqualTo(422);
    JsonNode s = RestApiCrudTest.json(r);
    assertThat(s.at("/message").asText()).isEqualTo("Foo.hello.zeng.dev \"x\" is invalid: spec.config.msg: Required value");
    assertThat(s.at("/details/causes/0/field").asText()).isEqualTo("spec.config.msg");
  }

  @Test
  @DisplayName("a Foo created through v2 without an image gets nginx:latest")
  void fooImageDefault() throws Exception {
    JsonNode o = RestApiCrudTest.json(server.send("POST", FOOS_V2, "{\"metadata\":{\"name\":\"d\"},\"spec\":{\"config\":{\"msg\":\"m\"}}}"));
    assertThat(o.at("/spec/image").asText()).isEqualTo("nginx:latest");
  }

  @Test
  @DisplayName("Flunder cross-field rules are checked once for all versions")
  void flunderRules() throws Exception {
    HttpResponse<String> r = server.send("POST", "/apis/wardle.example.com/v1beta1/namespaces/default/flunders",
        "{\"metadata\":{\"name\":\"f\"},\"spec\":{\"referenceType\":\"Other\"}}");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(RestApiCrudTest.json(r).at("/message").asText())
        .contains("spec.referenceType: Unsupported value: \"Other\": supported values: \"Flunder\", \"Fischer\"");
    HttpResponse<String> both = server.send("POST", "/apis/wardle.example.com/v1beta1/namespaces/default/flunders",
        "{\"metadata\":{\"name\":\"f\"},\"spec\":{\"referenceType\":\"Fischer\",\"fischerReference\":\"a\",\"flunderReference\":\"b\"}}");
    assertThat(RestApiCrudTest.json(both).at("/details/causes/0/reason").asText()).isEqualTo("FieldValueForbidden");
    HttpResponse<String> ok = server.send("POST", "/apis/wardle.example.com/v1alpha1/namespaces/default/flunders",
        "{\"metadata\":{\"name\":\"ok\"},\"spec\":{\"reference\":\"fritz\",\"referenceType\":\"Fischer\"}}");
    assertThat(ok.statusCode()).as(ok.body()).isEqualTo(201);
    JsonNode beta = RestApiCrudTest.json(server.send("GET", "/apis/wardle.example.com/v1beta1/namespaces/default/flunders/ok", null));
    assertThat(beta.at("/spec/fischerReference").asText()).isEqualTo("fritz");
    JsonNode selected = RestApiCrudTest.json(server.send("GET",
        "/apis/wardle.example.com/v1beta1/flunders?fieldSelector=spec.referenceType%3DFischer", null));
    assertThat(selected.at("/items")).extracting(i -> i.at("/metadata/name").asText()).containsExactly("ok");
  }

  @Test
  @DisplayName("Pizza toppings convert between repeated names and quantities")
  void pizzaConversion() throws Exception {
    server.send("POST", "/apis/restaurant.wukong.com/v1alpha1/namespaces/default/pizzas",
        "{\"metadata\":{\"name\":\"p\"},\"spec\":{\"toppings\":[\"salami\",\"salami\",\"cheese\"]}}");
    JsonNode beta = RestApiCrudTest.json(server.send("GET", "/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas/p", null));
    assertThat(beta.at("/spec/toppings").toString())
        .isEqualTo("[{\"name\":\"salami\",\"quantity\":2},{\"name\":\"cheese\",\"quantity\":1}]");
  }

  @Test
  @DisplayName("JenkinsService limits come from Bean Validation; status.approvalstatus is set by the server")
  void jenkinsService() throws Exception {
    String path = "/apis/autobusi.group.cicd/v1alpha/namespaces/default/jenkinsservices";
    HttpResponse<String> tooMany = server.send("POST", path, "{\"metadata\":{\"name\":\"j\"},\"spec\":{\"instanceamount\":11}}");
    assertThat(tooMany.statusCode()).isEqualTo(422);
    assertThat(RestApiCrudTest.json(tooMany).at("/details/causes/0/field").asText()).isEqualTo("spec.instanceamount");
    JsonNode ok = RestApiCrudTest.json(server.send("POST", path,
        "{\"metadata\":{\"name\":\"j\"},\"spec\":{\"instanceamount\":2},\"status\":{\"approvalstatus\":\"Approved\"}}"));
    assertThat(ok.at("/status/approvalstatus").asText()).isEqualTo("Pending");
    assertThat(ok.at("/spec/instancecpu").asInt()).isEqualTo(1);
  }

  @Test
  @DisplayName("namespaces are cluster-scoped core objects under /api/v1 with DNS-1123 label names")
  void namespaces() throws Exception {
    HttpResponse<String> r = server.send("POST", "/api/v1/namespaces", "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"team-a\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(RestApiCrudTest.json(r).at("/status/phase").asText()).isEqualTo("Active");
    HttpResponse<String> bad = server.send("POST", "/api/v1/namespaces", "{\"metadata\":{\"name\":\"a.b\"}}");
    assertThat(bad.statusCode()).isEqualTo(422);
    assertThat(RestApiCrudTest.json(bad).at("/message").asText()).startsWith("Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\"");
  }
}
