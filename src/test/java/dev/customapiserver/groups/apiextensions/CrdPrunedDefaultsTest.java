package dev.customapiserver.groups.apiextensions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.apiextensions.CustomResourceDefinition;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** kube's requirePrunedDefaults: a definition that already had unpruned defaults may be updated with them. */
@DisplayName("CRDs: defaults with unknown fields are refused on create, allowed on update of a definition that had them")
class CrdPrunedDefaultsTest {
  static final JsonMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
  static final String AT = "spec.validation.openAPIV3Schema.properties[spec].properties[limits].default";

  final CrdStrategy strategy = new CrdStrategy(CrdSchemaChecks.available());

  static CustomResourceDefinition crd(String limitsDefault, String label) throws Exception {
    return JSON.readValue("""
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"gadgets.example.com","labels":{"l":"%2$s"}},
         "spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"gadgets","singular":"gadget","kind":"Gadget","listKind":"GadgetList"},
          "versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":
           {"spec":{"type":"object","properties":{"limits":{"type":"object","properties":{"cpu":{"type":"integer"}},
            "default":%1$s}}}}}}}]},
         "status":{"storedVersions":["v1"]}}
        """.formatted(limitsDefault, label), CustomResourceDefinition.class);
  }

  @Test
  @DisplayName("create: must not have unknown fields")
  void create() throws Exception {
    assertThat(strategy.validate(crd("{\"cpu\":2,\"gpu\":1}", "a"))).extracting(FieldError::toString)
        .containsExactly(AT + ": Invalid value: {\"cpu\":2,\"gpu\":1}: must not have unknown fields");
  }

  @Test
  @DisplayName("update of a definition stored with an unpruned default: allowed; the default is still validated against its schema")
  void updateOfOneThatHadThem() throws Exception {
    CustomResourceDefinition old = crd("{\"cpu\":2,\"gpu\":1}", "a");
    assertThat(strategy.validateUpdate(crd("{\"cpu\":2,\"gpu\":1}", "b"), old)).isEmpty();
    assertThat(strategy.validateUpdate(crd("{\"cpu\":\"two\",\"gpu\":1}", "b"), old)).extracting(FieldError::toString)
        .containsExactly(AT + ".cpu: Invalid value: \"string\": cpu in body must be of type integer: \"string\"");
  }

  @Test
  @DisplayName("update of a definition whose defaults were pruned: an unpruned default is refused")
  void updateOfOneThatHadNone() throws Exception {
    assertThat(strategy.validateUpdate(crd("{\"cpu\":2,\"gpu\":1}", "b"), crd("{\"cpu\":2}", "a")))
        .extracting(FieldError::toString)
        .containsExactly(AT + ": Invalid value: {\"cpu\":2,\"gpu\":1}: must not have unknown fields");
  }
}
