package dev.customapiserver.controllers.crd;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.errors.FieldError;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("CRD schema ratcheting: on update only changed fields' errors count, as kube since 1.30")
class SchemaRatchetingTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode tree(String json) throws Exception {
    return JSON.readTree(json);
  }

  private static FieldError tooLong(String field) {
    return new FieldError(FieldError.Type.TOO_LONG, field, "<value omitted>", "may not be more than 3 bytes");
  }

  @Test
  @DisplayName("an unchanged invalid field is let through; a changed one is reported")
  void unchangedFieldRatchets() throws Exception {
    JsonNode old = tree("{\"spec\":{\"size\":\"enormous\",\"color\":\"red\"}}");
    List<FieldError> errors = List.of(tooLong("spec.size"));
    assertThat(SchemaRatcheting.changedOnly(errors, tree("{\"spec\":{\"size\":\"enormous\",\"color\":\"green\"}}"), old)).isEmpty();
    assertThat(SchemaRatcheting.changedOnly(errors, tree("{\"spec\":{\"size\":\"gigantic\",\"color\":\"red\"}}"), old))
        .containsExactlyElementsOf(errors);
  }

  @Test
  @DisplayName("a field new on update is validated; a missing required field counts once its object changes")
  void newFieldsAndRequired() throws Exception {
    JsonNode old = tree("{\"spec\":{\"a\":1}}");
    assertThat(SchemaRatcheting.changedOnly(List.of(tooLong("spec.size")), tree("{\"spec\":{\"a\":1,\"size\":\"long\"}}"), old))
        .hasSize(1);
    FieldError required = new FieldError(FieldError.Type.REQUIRED, "spec.name", null, "");
    assertThat(SchemaRatcheting.changedOnly(List.of(required), tree("{\"spec\":{\"a\":1},\"x\":2}"), old))
        .as("spec unchanged: its missing field was missing before").isEmpty();
    assertThat(SchemaRatcheting.changedOnly(List.of(required), tree("{\"spec\":{\"a\":2}}"), old))
        .as("spec changed").hasSize(1);
  }

  @Test
  @DisplayName("list items ratchet only with their whole list; map values by key")
  void listsAndMaps() throws Exception {
    JsonNode old = tree("{\"spec\":{\"ports\":[{\"port\":99999}],\"labels\":{\"k\":\"toolong\",\"j\":\"x\"}}}");
    FieldError item = tooLong("spec.ports[0].port");
    assertThat(SchemaRatcheting.changedOnly(List.of(item), tree("{\"spec\":{\"ports\":[{\"port\":99999}],\"labels\":{}}}"), old))
        .as("the list is unchanged").isEmpty();
    assertThat(SchemaRatcheting.changedOnly(List.of(item),
        tree("{\"spec\":{\"ports\":[{\"port\":99999},{\"port\":1}],\"labels\":{}}}"), old)).as("the list changed").hasSize(1);
    FieldError value = tooLong("spec.labels[k]");
    assertThat(SchemaRatcheting.changedOnly(List.of(value),
        tree("{\"spec\":{\"ports\":[],\"labels\":{\"k\":\"toolong\",\"j\":\"y\"}}}"), old)).as("k unchanged").isEmpty();
  }
}
