package dev.customapiserver.endpoints.openapi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.customapiserver.runtime.Default;
import dev.customapiserver.runtime.Enum;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenAPI enum and default of a field")
class DocumentedValuesTest {
  @SuppressWarnings("unused")
  static final class Sample {
    @Enum({"Flunder", "Fischer"}) @Default("Fish") public String referenceType;
  }

  @Test
  @DisplayName("a default outside the field's enum is refused while the document is built")
  void defaultOutsideEnum() {
    assertThatThrownBy(() -> DocumentedValues.apply(JsonNodeFactory.instance.objectNode().put("type", "string"),
        Sample.class.getField("referenceType")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("Sample.referenceType").hasMessageContaining("Fish");
  }
}
