package dev.customapiserver.apis.hello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Documented;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Foo's OpenAPI defaults are what its defaulter applies")
class FooDocumentedValuesTest {
  @Test
  @DisplayName("v2 spec.image: the documented default is the image the defaulter sets on a Foo without one")
  void image() {
    FooV2 foo = new FooV2();
    FooDefaults.v2(foo);
    assertThat(Documented.at(foo, "/spec/image")).isEqualTo(Documented.defaultOf(FooV2.Spec.class, "image"));
  }
}
