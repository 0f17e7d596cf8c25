package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.json;
import static dev.customapiserver.schema.cel.Schemas.schema;
import static dev.customapiserver.schema.cel.Schemas.strings;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: a runaway rule stops at kube's per-call cost limit instead of hanging")
class CostLimitTest {
  @Test
  @DisplayName("nested comprehensions over a large list give kube's 'call cost exceeds limit' error and stop further rules")
  void perCallLimit() {
    String s = """
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.items.all(a, self.items.all(b, self.items.all(c, a + b + c >= 0)))"
            - rule: "false"
            properties:
              items: {type: array, items: {type: integer}}
        """;
    StringBuilder items = new StringBuilder("[");
    for (int i = 0; i < 200; i++) {
      items.append(i == 0 ? "" : ",").append(i);
    }
    List<String> errors = strings(CelValidator.of(schema(s)).validate(json("{'spec':{'items':" + items + "]}}"), null));
    assertThat(errors).containsExactly("spec: Invalid value: \"object\": 'operation cancelled: actual cost limit exceeded': "
        + "no further validation rules will be run due to call cost exceeds limit for rule: "
        + "self.items.all(a, self.items.all(b, self.items.all(c, a + b + c >= 0)))");
  }
}
