package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.schema.Default;
import dev.customapiserver.schema.DocumentedDefaults;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("@Default is read as the JSON value it documents, typed by its field")
class DocumentedDefaultsTest {
  @SuppressWarnings("unused")
  static final class Sample {
    @Default("nginx:latest") public String image;
    @Default("1") public String quoted;
    @Default("1") public Integer count;
    @Default("[\"kubernetes\"]") public List<String> finalizers;
    @Default("{\"a\":true}") public Map<String, Boolean> flags;
    @Default("nginx:latest") public Integer broken;
    @Default("1 2") public Integer trailing;
    public String plain;
  }

  private static JsonNode of(String field) throws Exception {
    return DocumentedDefaults.of(Sample.class.getField(field)).orElseThrow();
  }

  @Test
  @DisplayName("a String field's default is its text, even if it looks like JSON")
  void strings() throws Exception {
    assertThat(of("image").isTextual()).isTrue();
    assertThat(of("image").asText()).isEqualTo("nginx:latest");
    assertThat(of("quoted").isTextual()).isTrue();
  }

  @Test
  @DisplayName("other fields' defaults are JSON literals: numbers, lists, objects")
  void json() throws Exception {
    assertThat(of("count").isIntegralNumber()).isTrue();
    assertThat(of("finalizers").get(0).asText()).isEqualTo("kubernetes");
    assertThat(of("flags").get("a").asBoolean()).isTrue();
    assertThat(DocumentedDefaults.of(Sample.class.getField("plain"))).isEmpty();
  }

  @Test
  @DisplayName("a default that is not JSON, or more than one value, is refused naming the field")
  void notJson() {
    assertThatThrownBy(() -> of("broken")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Sample.broken");
    assertThatThrownBy(() -> of("trailing")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Sample.trailing");
  }
}
