package dev.customapiserver.apis.wardle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.Documented;
import dev.customapiserver.groups.wardle.FlunderStrategy;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Flunder's OpenAPI enums are what its validation accepts; its conditional default is not documented")
class FlunderDocumentedValuesTest {
  private final FlunderStrategy strategy = new FlunderStrategy();

  @Test
  @DisplayName("spec.referenceType documents the same values in v1alpha1 and v1beta1")
  void sameInEveryVersion() {
    assertThat(Documented.enumOf(FlunderV1alpha1.Spec.class, "referenceType"))
        .isEqualTo(Documented.enumOf(FlunderV1beta1.Spec.class, "referenceType"));
  }

  @Test
  @DisplayName("validation accepts every documented referenceType and lists exactly them when refusing another")
  void referenceTypes() {
    List<String> documented = Documented.enumOf(FlunderV1beta1.Spec.class, "referenceType");
    for (String type : documented) {
      Flunder f = new Flunder();
      f.spec.referenceType = type;
      f.spec.fischerReference = Flunder.FISCHER.equals(type) ? "f" : null;
      f.spec.flunderReference = Flunder.FLUNDER.equals(type) ? "g" : null;
      assertThat(strategy.validate(f)).as(type).isEmpty();
    }
    Flunder fish = new Flunder();
    fish.spec.referenceType = "Fish";
    assertThat(strategy.validate(fish)).extracting(FieldError::toString).contains(
        "spec.referenceType: Unsupported value: \"Fish\": supported values: "
            + documented.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", ")));
  }

  @Test
  @DisplayName("v1alpha1 referenceType is defaulted only when a reference is set, so OpenAPI documents no default")
  void conditionalDefault() {
    FlunderV1alpha1 bare = new FlunderV1alpha1();
    bare.spec = new FlunderV1alpha1.Spec();
    FlunderDefaults.v1alpha1(bare);
    assertThat(bare.spec.referenceType).isNull();
    assertThat(Documented.hasDefault(FlunderV1alpha1.Spec.class, "referenceType")).isFalse();
  }
}
