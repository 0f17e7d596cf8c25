package dev.customapiserver.controllers.crd;

import static dev.customapiserver.controllers.crd.CrdFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A CRD whose schema's defaults violate the schema is refused with kube's 422 and paths. */
@DisplayName("CRDs: defaults that violate their own schema are refused, as kube's")
class CrdDefaultChecksRestTest {
  static final String GROUP = "defaults.example.com";
  static CrdFixture f;

  @BeforeAll
  static void start() throws Exception {
    f = new CrdFixture();
  }

  @AfterAll
  static void stop() throws Exception {
    f.close();
  }

  static String version(String name, boolean storage, String specProperties) {
    return "{\"name\":\"" + name + "\",\"served\":true,\"storage\":" + storage + ",\"schema\":{\"openAPIV3Schema\":"
        + "{\"type\":\"object\",\"properties\":{\"spec\":{\"type\":\"object\",\"properties\":" + specProperties + "}}}}}";
  }

  @Test
  @DisplayName("one schema for all versions: checked once, at spec.validation.openAPIV3Schema")
  void sharedSchema() throws Exception {
    String props = "{\"size\":{\"type\":\"string\",\"maxLength\":3,\"default\":\"enormous\"}}";
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS,
        CrdFixture.crd(GROUP, "widgets", "Widget", "[" + version("v1", true, props) + "," + version("v2", false, props) + "]"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    assertThat(json(r).at("/message").asText()).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io "
        + "\"widgets.defaults.example.com\" is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[size].default: "
        + "Too long: may not be more than 3 bytes");
    assertThat(json(r).at("/details/causes/0/field").asText())
        .isEqualTo("spec.validation.openAPIV3Schema.properties[spec].properties[size].default");
  }

  @Test
  @DisplayName("per-version schemas: at spec.versions[i].schema.openAPIV3Schema; unknown fields first, then the schema's errors")
  void perVersionSchemas() throws Exception {
    String good = "{\"replicas\":{\"type\":\"integer\"}}";
    String bad = "{\"replicas\":{\"type\":\"integer\"},\"limits\":{\"type\":\"object\",\"properties\":{\"cpu\":{\"type\":\"integer\"}},"
        + "\"default\":{\"cpu\":\"two\",\"gpu\":1}}}";
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS,
        CrdFixture.crd(GROUP, "gadgets", "Gadget", "[" + version("v1", true, good) + "," + version("v2", false, bad) + "]"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
    String at = "spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[limits].default";
    assertThat(json(r).at("/message").asText()).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io "
        + "\"gadgets.defaults.example.com\" is invalid: [" + at + ": Invalid value: {\"cpu\":\"two\",\"gpu\":1}: "
        + "must not have unknown fields, " + at + ".cpu: Invalid value: \"string\": cpu in body must be of type integer: \"string\"]");
  }

  @Test
  @DisplayName("a schema value of the wrong JSON kind (a YAML y read as true in required) is refused at decoding, "
      + "400 in kube-apiserver 1.36.2's words, not taken as a field named \"true\"")
  void wrongKindIsBadRequest() throws Exception {
    HttpResponse<String> r = f.send("POST", CrdFixture.CRDS, CrdFixture.crd(GROUP, "things", "Thing",
        "[{\"name\":\"v1\",\"served\":true,\"storage\":true,\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\","
            + "\"properties\":{\"spec\":{\"type\":\"object\",\"required\":[true],\"properties\":{\"replicas\":{\"type\":\"integer\"}}}}}}}]"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
    assertThat(json(r).at("/reason").asText()).isEqualTo("BadRequest");
    assertThat(json(r).at("/message").asText()).isEqualTo("CustomResourceDefinition in version \"v1\" cannot be handled as a "
        + "CustomResourceDefinition: json: cannot unmarshal bool into Go struct field JSONSchemaProps.spec.versions.schema"
        + ".openAPIV3Schema.properties.required of type string");
  }
}
