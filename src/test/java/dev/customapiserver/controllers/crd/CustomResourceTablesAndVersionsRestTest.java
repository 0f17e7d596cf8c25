package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRDs: printer columns in tables, deprecated versions' warnings, defaults applied on read")
class CustomResourceTablesAndVersionsRestTest {
  static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static List<String> names(JsonNode table) {
    List<String> out = new ArrayList<>();
    table.at("/columnDefinitions").forEach(c -> out.add(c.at("/name").asText()));
    return out;
  }

  @Test
  @DisplayName("additionalPrinterColumns: after Name in the order given, no Age; priority, format, descriptions; "
      + "typed cells, JSONPath filters, date columns sent as ages, <invalid> for a bad date")
  void columns() throws Exception {
    String group = "columns.example.com";
    f.define(CrdFixture.crd(group, "crontabs", "CronTab", """
        [{"name":"v1","served":true,"storage":true,
          "schema":{"openAPIV3Schema":{"type":"object","properties":{
            "spec":{"type":"object","properties":{"cronSpec":{"type":"string"},"replicas":{"type":"integer"},
              "size":{"type":"number"}}},
            "status":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}},
          "additionalPrinterColumns":[
            {"name":"Spec","type":"string","jsonPath":".spec.cronSpec"},
            {"name":"Replicas","type":"integer","jsonPath":".spec.replicas","description":"how many"},
            {"name":"Ready","type":"string","priority":1,"jsonPath":".status.conditions[?(@.type==\\"Ready\\")].status"},
            {"name":"Size","type":"number","format":"double","jsonPath":".spec.size"},
            {"name":"Started","type":"date","jsonPath":".status.startedAt"},
            {"name":"Bad","type":"date","jsonPath":".spec.cronSpec"},
            {"name":"Missing","type":"string","jsonPath":".spec.nothing"}]}]"""), group, "v1", "crontabs");
    String base = "/apis/" + group + "/v1/namespaces/default/crontabs";
    HttpResponse<String> r = f.send("POST", base, "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"CronTab\","
        + "\"metadata\":{\"name\":\"c1\"},\"spec\":{\"cronSpec\":\"* * * * */5\",\"replicas\":3,\"size\":1.5},"
        + "\"status\":{\"startedAt\":\"2020-01-01T00:00:00Z\",\"conditions\":[{\"type\":\"Synced\",\"status\":\"False\"},"
        + "{\"type\":\"Ready\",\"status\":\"True\"}]}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);

    JsonNode table = json(f.send("GET", base, null, "Accept", TABLE));
    assertThat(names(table)).containsExactly("Name", "Spec", "Replicas", "Ready", "Size", "Started", "Bad", "Missing");
    assertThat(table.at("/columnDefinitions/1/description").asText())
        .isEqualTo("Custom resource definition column (in JSONPath format): .spec.cronSpec");
    assertThat(table.at("/columnDefinitions/2/description").asText()).isEqualTo("how many");
    assertThat(table.at("/columnDefinitions/2/type").asText()).isEqualTo("integer");
    assertThat(table.at("/columnDefinitions/3/priority").asInt()).isEqualTo(1);
    assertThat(table.at("/columnDefinitions/4/format").asText()).isEqualTo("double");
    assertThat(table.at("/columnDefinitions/5/type").asText()).isEqualTo("date");
    JsonNode cells = table.at("/rows/0/cells");
    assertThat(cells.get(0).asText()).isEqualTo("c1");
    assertThat(cells.get(1).asText()).isEqualTo("* * * * */5");
    assertThat(cells.get(2).isIntegralNumber()).isTrue();
    assertThat(cells.get(2).asInt()).isEqualTo(3);
    assertThat(cells.get(3).asText()).isEqualTo("True");
    assertThat(cells.get(4).asDouble()).isEqualTo(1.5);
    assertThat(cells.get(5).asText()).as("an age, as kube sends date cells").matches("\\d+y\\d*d?");
    assertThat(cells.get(6).asText()).isEqualTo("<invalid>");
    assertThat(cells.get(7).isNull()).isTrue();
    assertThat(cells.size()).isEqualTo(8);
  }

  @Test
  @DisplayName("without additionalPrinterColumns the table is Name and Age; the CRDs' own table is NAME and CREATED AT")
  void defaults() throws Exception {
    String group = "plainage.example.com";
    f.define(CrdFixture.crd(group, "things", "Thing", """
        [{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}}}]"""), group, "v1", "things");
    String base = "/apis/" + group + "/v1/namespaces/default/things";
    assertThat(f.send("POST", base, "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"Thing\",\"metadata\":{\"name\":\"t\"}}")
        .statusCode()).isEqualTo(201);
    JsonNode table = json(f.send("GET", base, null, "Accept", TABLE));
    assertThat(names(table)).containsExactly("Name", "Age");
    assertThat(table.at("/columnDefinitions/1/type").asText()).isEqualTo("date");
    assertThat(table.at("/rows/0/cells/1").asText()).matches("\\d+s");

    JsonNode crds = json(f.send("GET", CrdFixture.CRDS, null, "Accept", TABLE));
    assertThat(names(crds)).containsExactly("Name", "Created At");
    assertThat(crds.at("/columnDefinitions/1/type").asText()).isEqualTo("date");
    assertThat(crds.at("/rows/0/cells/1").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
  }

  @Test
  @DisplayName("a deprecated version answers every request with kube's Warning header (its own text when given); others none")
  void deprecated() throws Exception {
    String group = "deprecated.example.com";
    f.define(CrdFixture.crd(group, "crontabs", "CronTab", """
        [{"name":"v1alpha1","served":true,"storage":false,"deprecated":true,"deprecationWarning":"v1alpha1 is going away",
          "schema":{"openAPIV3Schema":{"type":"object"}}},
         {"name":"v1beta1","served":true,"storage":false,"deprecated":true,"schema":{"openAPIV3Schema":{"type":"object"}}},
         {"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object"}}}]"""), group, "v1", "crontabs");
    f.eventually("/apis/" + group + "/v1beta1/namespaces/default/crontabs");
    String beta = "/apis/" + group + "/v1beta1/namespaces/default/crontabs";
    String expected = "299 - \"deprecated.example.com/v1beta1 CronTab is deprecated; use deprecated.example.com/v1 CronTab\"";
    assertThat(f.send("GET", beta, null).headers().allValues("Warning")).containsExactly(expected);
    HttpResponse<String> r = f.send("POST", beta, "{\"apiVersion\":\"" + group + "/v1beta1\",\"kind\":\"CronTab\","
        + "\"metadata\":{\"name\":\"old\"}}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(r.headers().allValues("Warning")).containsExactly(expected);
    r = f.send("GET", beta + "/missing", null);
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(r.headers().allValues("Warning")).as("errors too").containsExactly(expected);
    assertThat(f.send("GET", "/apis/" + group + "/v1alpha1/namespaces/default/crontabs", null).headers().allValues("Warning"))
        .containsExactly("299 - \"v1alpha1 is going away\"");
    assertThat(f.send("GET", "/apis/" + group + "/v1/namespaces/default/crontabs", null).headers().allValues("Warning")).isEmpty();
  }

  @Test
  @DisplayName("a default added to the schema shows on objects stored before, on get and list, without writing them")
  void defaultsOnRead() throws Exception {
    String group = "readdefaults.example.com";
    String versions = """
        [{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{
          "spec":{"type":"object","properties":{"image":{"type":"string"},"replicas":{"type":"integer"%s}}}}}}}]""";
    f.define(CrdFixture.crd(group, "crontabs", "CronTab", versions.formatted("")), group, "v1", "crontabs");
    String base = "/apis/" + group + "/v1/namespaces/default/crontabs";
    HttpResponse<String> r = f.send("POST", base, "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"CronTab\","
        + "\"metadata\":{\"name\":\"before\"},\"spec\":{\"image\":\"x\"}}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(json(r).at("/spec/replicas").isMissingNode()).isTrue();
    String rv = json(r).at("/metadata/resourceVersion").asText();

    r = f.send("PATCH", CrdFixture.CRDS + "/crontabs." + group, "{\"spec\":{\"versions\":" + versions.formatted(",\"default\":7")
        + "}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode obj = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      obj = json(f.send("GET", base + "/before", null));
      if (obj.at("/spec/replicas").isInt()) {
        break;
      }
      Thread.sleep(50);
    }
    assertThat(obj.at("/spec/replicas").asInt()).isEqualTo(7);
    assertThat(obj.at("/metadata/resourceVersion").asText()).as("not written back").isEqualTo(rv);
    JsonNode list = json(f.send("GET", base, null));
    assertThat(list.at("/items/0/spec/replicas").asInt()).isEqualTo(7);
  }
}
