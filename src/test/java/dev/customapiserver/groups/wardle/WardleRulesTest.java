package dev.customapiserver.groups.wardle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.Violations;
import dev.customapiserver.apis.wardle.Fischer;
import dev.customapiserver.apis.wardle.Flunder;
import dev.customapiserver.groups.wardle.FischerStrategy;
import dev.customapiserver.groups.wardle.FlunderStrategy;
import dev.customapiserver.groups.wardle.WardleModule;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Flunder and Fischer validation")
class WardleRulesTest {
  private final FlunderStrategy flunders = new FlunderStrategy();
  private final FischerStrategy fischers = new FischerStrategy();

  private static Flunder flunder(String fischerRef, String flunderRef, String type) {
    Flunder f = new Flunder();
    f.spec.fischerReference = fischerRef;
    f.spec.flunderReference = flunderRef;
    f.spec.referenceType = type;
    return f;
  }

  private static List<String> messages(List<FieldError> errors) {
    return errors.stream().map(FieldError::toString).toList();
  }

  @Test
  @DisplayName("an empty Flunder and well-formed references are valid")
  void valid() {
    assertThat(flunders.validate(new Flunder())).isEmpty();
    assertThat(flunders.validate(flunder("f", null, "Fischer"))).isEmpty();
    assertThat(flunders.validate(flunder(null, "g", "Flunder"))).isEmpty();
    assertThat(Violations.of(flunder("f", null, "Fischer"))).isEmpty();
  }

  @Test
  @DisplayName("an unknown referenceType is NotSupported at spec.referenceType, listing Flunder and Fischer")
  void unknownType() {
    List<FieldError> errors = flunders.validate(flunder(null, "g", "Fish"));
    assertThat(errors).extracting(FieldError::type).containsExactly(FieldError.Type.NOT_SUPPORTED);
    assertThat(messages(errors)).containsExactly(
        "spec.referenceType: Unsupported value: \"Fish\": supported values: \"Flunder\", \"Fischer\"");
  }

  @Test
  @DisplayName("referenceType Fischer requires spec.fischerReference, Flunder requires spec.flunderReference")
  void requiredByType() {
    assertThat(messages(flunders.validate(flunder(null, null, "Fischer"))))
        .containsExactly("spec.fischerReference: Required value: required when referenceType is Fischer");
    assertThat(flunders.validate(flunder(null, "", "Flunder")))
        .extracting(FieldError::type, FieldError::field)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(FieldError.Type.REQUIRED, "spec.flunderReference"));
  }

  @Test
  @DisplayName("both references set is Forbidden on the second, spec.flunderReference")
  void bothForbidden() {
    assertThat(flunders.validate(flunder("f", "g", "Fischer")))
        .extracting(FieldError::type, FieldError::field)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(FieldError.Type.FORBIDDEN, "spec.flunderReference"));
  }

  @Test
  @DisplayName("spec.referenceType is a selectable field")
  void selectable() {
    var type = new WardleModule().flunders();
    assertThat(type.fields(flunder(null, "g", "Flunder"))).containsEntry("spec.referenceType", "Flunder");
    assertThat(type.fields(new Flunder())).containsEntry("spec.referenceType", "");
  }

  @Test
  @DisplayName("the Flunder storage version is v1alpha1 by default and can be configured")
  void storageVersion() {
    assertThat(new WardleModule().flunders().storageVersion()).isEqualTo("v1alpha1");
    assertThat(new WardleModule("v1beta1").flunders().storageVersion()).isEqualTo("v1beta1");
  }

  @Test
  @DisplayName("status is dropped on create and kept from the stored object on update")
  void status() {
    Flunder f = flunder(null, null, null);
    f.status = new Flunder.Status();
    flunders.prepareForCreate(f);
    assertThat(f.status).isNull();
    Flunder old = new Flunder();
    old.status = new Flunder.Status();
    flunders.prepareForUpdate(f, old);
    assertThat(f.status).isNotNull();
  }

  @Test
  @DisplayName("every Fischer.disallowedFlunders entry must be a DNS-1123 subdomain, reported by index")
  void fischerNames() {
    Fischer f = new Fischer();
    f.disallowedFlunders = java.util.Arrays.asList("good", "ok.too", "Bad_Name", "", "-x", "a".repeat(254));
    List<FieldError> errors = fischers.validate(f);
    assertThat(errors).extracting(FieldError::field)
        .containsExactly("disallowedFlunders[2]", "disallowedFlunders[3]", "disallowedFlunders[4]", "disallowedFlunders[5]");
    assertThat(errors.get(0).type()).isEqualTo(FieldError.Type.INVALID);
    assertThat(errors.get(0).toString()).startsWith("disallowedFlunders[2]: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain");
    assertThat(errors.get(1).type()).isEqualTo(FieldError.Type.REQUIRED);
    assertThat(errors.get(3).detail()).isEqualTo("must be no more than 253 characters");
  }
}
