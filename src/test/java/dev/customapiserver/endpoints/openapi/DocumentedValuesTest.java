package dev.customapiserver.endpoints.openapi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.Enum;
import java.util.TreeMap;
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
    assertThatThrownBy(() -> new TypeSchemas("dev.sample.v1", new TreeMap<>()).define(Sample.class, "dev.sample.v1.Sample"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("Sample.referenceType").hasMessageContaining("Fish");
  }
}
