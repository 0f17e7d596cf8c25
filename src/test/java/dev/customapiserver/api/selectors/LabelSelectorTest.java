package dev.customapiserver.api.selectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.errors.ApiException;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Label selectors: Kubernetes' grammar")
class LabelSelectorTest {
  static final Map<String, String> LABELS = Map.of("app", "web", "tier", "front", "version", "3");

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "app=web | true", "app==web | true", "app!=web | false", "app!=db | true", "missing!=x | true",
      "app in (web,db) | true", "app in ( db , api ) | false", "app notin (db) | true", "missing notin (x) | true",
      "app | true", "!app | false", "!missing | true", "app=web,tier=front | true", "app=web, tier=back | false",
      "version>2 | true", "version<3 | false", "'' | true", "app in (web),!missing,tier | true"})
  @DisplayName("matches as kube-apiserver")
  void matches(String selector, boolean expected) {
    assertThat(LabelQuery.parse(selector).matches(LABELS)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource(delimiter = '|', value = {
      "a in b | unable to parse requirement: found 'b', expected: '('",
      "a=b c | unable to parse requirement: found 'c', expected: ',' or 'end of string'",
      "a b | unable to parse requirement: found 'b', expected: '=', '==', '!=', 'in', 'notin', '>', '<' or ','",
      "=x | unable to parse requirement: found '=', expected: identifier",
      "a in (x y) | unable to parse requirement: found 'y', expected: ',' or ')'",
      "a>b | unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer"})
  @DisplayName("refuses malformed selectors with a 400 saying what was found")
  void malformed(String selector, String message) {
    assertThatThrownBy(() -> LabelQuery.parse(selector)).isInstanceOfSatisfying(ApiException.class, e -> {
      assertThat(e.code()).isEqualTo(400);
      assertThat(e.getMessage()).isEqualTo(message);
    });
  }

  @Test
  @DisplayName("refuses invalid keys and values")
  void invalidKeysAndValues() {
    assertThatThrownBy(() -> LabelQuery.parse("bad_key_-=x")).isInstanceOf(ApiException.class)
        .hasMessageContaining("name part must consist of alphanumeric characters");
    assertThatThrownBy(() -> LabelQuery.parse("a=" + "x".repeat(64))).isInstanceOf(ApiException.class)
        .hasMessageContaining("must be no more than 63 characters");
  }

  @Test
  @DisplayName("field selectors match =, == and != and unescape commas")
  void fieldSelectors() {
    Map<String, String> fields = Map.of("metadata.name", "a,b", "metadata.namespace", "ns");
    assertThat(FieldSelector.parse("metadata.name=a\\,b").matches(fields)).isTrue();
    assertThat(FieldSelector.parse("metadata.name==a\\,b,metadata.namespace!=ns").matches(fields)).isFalse();
    assertThat(FieldSelector.parse("metadata.namespace!=other").matches(fields)).isTrue();
    assertThatThrownBy(() -> FieldSelector.parse("metadata.name")).isInstanceOf(ApiException.class)
        .hasMessage("invalid selector: 'metadata.name'; can't understand 'metadata.name'");
  }
}
