package dev.customapiserver.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRD schema ratcheting: on update only changed values' errors count, correlated as kube's CorrelatedObject")
class SchemaRatchetingTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A resource schema with spec.{size, labels (map), ports (map list by name+protocol), tags (set), args (atomic)}. */
  private static final StructuralSchema SCHEMA = schema("""
      {"type":"object","required":["spec"],"properties":{"spec":{"type":"object","required":["name"],"properties":{
        "name":{"type":"string"},
        "size":{"type":"string","maxLength":3},
        "labels":{"type":"object","additionalProperties":{"type":"string","maxLength":3}},
        "ports":{"type":"array","maxItems":2,"x-kubernetes-list-type":"map",
                 "x-kubernetes-list-map-keys":["name","protocol"],
                 "items":{"type":"object","required":["name","protocol"],"properties":{
                   "name":{"type":"string"},"protocol":{"type":"string"},"port":{"type":"integer","maximum":65535}}}},
        "tags":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string","maxLength":3}},
        "args":{"type":"array","items":{"type":"string","maxLength":3}},
        "extra":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"required":["id"],
                 "properties":{"id":{"type":"string"}}}
      }}}}
      """);

  private static StructuralSchema schema(String json) {
    try {
      return StructuralSchema.fromOpenApiV3(JSON.readTree(json));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode spec(String specJson) throws Exception {
    return JSON.readTree("{\"apiVersion\":\"x/v1\",\"kind\":\"W\",\"metadata\":{\"name\":\"w\"},\"spec\":" + specJson + "}");
  }

  private static List<String> update(String newSpec, String oldSpec) throws Exception {
    return SCHEMA.validateUpdate(spec(newSpec), spec(oldSpec)).stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("an unchanged invalid field is let through; a changed or new one is reported")
  void unchangedFieldRatchets() throws Exception {
    String old = "{\"name\":\"a\",\"size\":\"enormous\"}";
    assertThat(update("{\"name\":\"b\",\"size\":\"enormous\"}", old)).isEmpty();
    assertThat(update("{\"name\":\"a\",\"size\":\"gigantic\"}", old))
        .containsExactly("spec.size: Too long: may not be more than 3 bytes");
    assertThat(update("{\"name\":\"a\",\"size\":\"big\",\"labels\":{\"k\":\"toolong\"}}", "{\"name\":\"a\"}"))
        .containsExactly("spec.labels.k: Too long: may not be more than 3 bytes");
    assertThat(SCHEMA.validate(spec("{\"name\":\"a\",\"size\":\"enormous\"}"))).as("a create is validated in full").hasSize(1);
  }

  @Test
  @DisplayName("a missing required field is its object's error: kept once that object changes; the root's always")
  void required() throws Exception {
    assertThat(update("{\"size\":\"a\",\"labels\":{}}", "{\"size\":\"a\",\"labels\":{}}")).as("spec unchanged").isEmpty();
    assertThat(update("{\"size\":\"b\"}", "{\"size\":\"a\"}")).containsExactly("spec.name: Required value");
    JsonNode noSpec = JSON.readTree("{\"apiVersion\":\"x/v1\",\"kind\":\"W\",\"metadata\":{\"name\":\"w\"}}");
    assertThat(SCHEMA.validateUpdate(noSpec, noSpec)).as("the root never counts as unchanged (its metadata always changes)")
        .extracting(FieldError::toString).containsExactly("spec: Required value");
  }

  @Test
  @DisplayName("map values are correlated by key")
  void mapValues() throws Exception {
    String old = "{\"name\":\"a\",\"labels\":{\"k\":\"toolong\",\"j\":\"x\"}}";
    assertThat(update("{\"name\":\"a\",\"labels\":{\"k\":\"toolong\",\"j\":\"y\",\"i\":\"z\"}}", old)).isEmpty();
    assertThat(update("{\"name\":\"a\",\"labels\":{\"k\":\"toolonger\"}}", old))
        .containsExactly("spec.labels.k: Too long: may not be more than 3 bytes");
  }

  @Test
  @DisplayName("items of a map-type list are correlated by their keys: an unchanged item keeps its errors out, wherever it moved")
  void mapListItemsByKey() throws Exception {
    String old = "{\"name\":\"a\",\"ports\":[{\"name\":\"web\",\"protocol\":\"TCP\",\"port\":99999},"
        + "{\"name\":\"dns\",\"protocol\":\"UDP\",\"port\":53}]}";
    assertThat(update("{\"name\":\"a\",\"ports\":[{\"name\":\"dns\",\"protocol\":\"UDP\",\"port\":54},"
        + "{\"name\":\"web\",\"protocol\":\"TCP\",\"port\":99999}]}", old))
        .as("another item changed, the invalid one moved").isEmpty();
    assertThat(update("{\"name\":\"a\",\"ports\":[{\"name\":\"web\",\"protocol\":\"TCP\",\"port\":99998},"
        + "{\"name\":\"dns\",\"protocol\":\"UDP\",\"port\":53}]}", old))
        .as("the invalid item changed")
        .containsExactly("spec.ports[0].port: Invalid value: 99998: spec.ports[0].port in body should be less than or equal to 65535");
    assertThat(update("{\"name\":\"a\",\"ports\":[{\"name\":\"web\",\"protocol\":\"UDP\",\"port\":99999},"
        + "{\"name\":\"dns\",\"protocol\":\"UDP\",\"port\":53}]}", old))
        .as("another key: a new item, validated in full")
        .containsExactly("spec.ports[0].port: Invalid value: 99999: spec.ports[0].port in body should be less than or equal to 65535");
  }

  @Test
  @DisplayName("a map-type list is unchanged when its items are, in any order; a third item is too many")
  void mapListAsAWhole() throws Exception {
    String old = "{\"name\":\"a\",\"ports\":[{\"name\":\"a\",\"protocol\":\"TCP\"},{\"name\":\"b\",\"protocol\":\"TCP\"},"
        + "{\"name\":\"c\",\"protocol\":\"TCP\"}]}";
    assertThat(update("{\"name\":\"b\",\"ports\":[{\"name\":\"c\",\"protocol\":\"TCP\"},{\"name\":\"a\",\"protocol\":\"TCP\"},"
        + "{\"name\":\"b\",\"protocol\":\"TCP\"}]}", old)).as("reordered").isEmpty();
    assertThat(update("{\"name\":\"a\",\"ports\":[{\"name\":\"a\",\"protocol\":\"TCP\"},{\"name\":\"b\",\"protocol\":\"TCP\"},"
        + "{\"name\":\"d\",\"protocol\":\"TCP\"}]}", old)).containsExactly("spec.ports: Too many: 3: must have at most 2 items");
  }

  @Test
  @DisplayName("items of set and atomic lists are not correlated: they ratchet only with their whole list")
  void setAndAtomicLists() throws Exception {
    String old = "{\"name\":\"a\",\"tags\":[\"toolong\",\"b\"],\"args\":[\"toolong\",\"b\"]}";
    assertThat(update("{\"name\":\"b\",\"tags\":[\"toolong\",\"b\"],\"args\":[\"toolong\",\"b\"]}", old)).isEmpty();
    assertThat(update("{\"name\":\"a\",\"tags\":[\"toolong\",\"c\"],\"args\":[\"b\",\"toolong\"]}", old)).containsExactly(
        "spec.tags[0]: Too long: may not be more than 3 bytes",
        "spec.args[1]: Too long: may not be more than 3 bytes");
  }

  @Test
  @DisplayName("an object holding an undeclared (preserved) field never counts as unchanged, as in kube")
  void undeclaredFieldsAreNotCorrelated() throws Exception {
    String old = "{\"name\":\"a\",\"extra\":{\"other\":1}}";
    assertThat(update("{\"name\":\"b\",\"extra\":{\"other\":1}}", old)).containsExactly("spec.extra.id: Required value");
  }
}
