package dev.customapiserver.api.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("API errors read as kube-apiserver's")
class ErrorsTest {
  static final Errors.Kind FOO = new Errors.Kind("hello.zeng.dev", "Foo");

  @Test
  @DisplayName("one field error is printed bare, several in brackets")
  void invalidMessage() {
    assertThat(Errors.invalid(FOO, "x", List.of(FieldError.required("spec.msg", ""))).getMessage())
        .isEqualTo("Foo.hello.zeng.dev \"x\" is invalid: spec.msg: Required value");
    ApiException two = Errors.invalid(FOO, "x", List.of(FieldError.required("spec.msg", ""), FieldError.tooLong("spec.msg1", 256)));
    assertThat(two.getMessage()).isEqualTo(
        "Foo.hello.zeng.dev \"x\" is invalid: [spec.msg: Required value, spec.msg1: Too long: may not be more than 256 bytes]");
    assertThat(two.status().details.causes).extracting(c -> c.reason()).containsExactly("FieldValueRequired", "FieldValueTooLong");
    assertThat(two.code()).isEqualTo(422);
  }

  @Test
  @DisplayName("values are shown quoted where Kubernetes shows them, with supported values listed")
  void values() {
    assertThat(FieldError.notSupported("spec.referenceType", "Bar", List.of("Fischer", "Flunder")).toString())
        .isEqualTo("spec.referenceType: Unsupported value: \"Bar\": supported values: \"Fischer\", \"Flunder\"");
    assertThat(FieldError.invalid("spec.instanceamount", 11, "must be less than or equal to 10").toString())
        .isEqualTo("spec.instanceamount: Invalid value: 11: must be less than or equal to 10");
    assertThat(FieldError.forbidden("spec.flunderReference", "cannot be set with fischerReference").toString())
        .isEqualTo("spec.flunderReference: Forbidden: cannot be set with fischerReference");
  }

  @Test
  @DisplayName("core resources and kinds are named without a group")
  void coreNames() {
    assertThat(Errors.notFound(new Errors.Resource("", "namespaces"), "x").getMessage()).isEqualTo("namespaces \"x\" not found");
    assertThat(Errors.invalid(new Errors.Kind("", "Namespace"), "x", List.of(FieldError.required("metadata.name", ""))).getMessage())
        .isEqualTo("Namespace \"x\" is invalid: metadata.name: Required value");
  }
}
