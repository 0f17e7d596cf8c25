package dev.customapiserver.groups.hello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Violations;
import dev.customapiserver.apis.hello.Foo;
import dev.customapiserver.apis.hello.FooDefaults;
import dev.customapiserver.apis.hello.FooV1;
import dev.customapiserver.apis.hello.FooV1Converter;
import dev.customapiserver.apis.hello.FooV2;
import dev.customapiserver.apis.hello.FooV2Converter;
import dev.customapiserver.groups.hello.FooStrategy;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Foo defaulting, validation and status handling")
class FooRulesTest {
  private final FooStrategy strategy = new FooStrategy();

  @Test
  @DisplayName("v2 defaults spec.image to nginx:latest when absent, and keeps a given image")
  void v2DefaultsImage() {
    FooV2 bare = new FooV2();
    FooDefaults.v2(bare);
    assertThat(bare.spec.image).isEqualTo("nginx:latest");

    FooV2 given = new FooV2();
    given.spec = new FooV2.Spec();
    given.spec.image = "busybox";
    FooDefaults.v2(given);
    assertThat(given.spec.image).isEqualTo("busybox");
  }

  @Test
  @DisplayName("a missing message is Required at spec.config.msg, whatever the version it came in")
  void messageRequired() {
    Foo fromV1 = new FooV1Converter().toHub(new FooV1());
    Foo fromV2 = new FooV2Converter().toHub(new FooV2());
    assertThat(Violations.of(fromV1)).containsExactly("spec.config.msg NotBlank");
    assertThat(Violations.of(fromV2)).containsExactly("spec.config.msg NotBlank");
  }

  @Test
  @DisplayName("a message over 256 characters is Too long at spec.config.msg; 256 is fine")
  void messageTooLong() {
    Foo foo = new Foo();
    foo.spec.config.msg = "x".repeat(257);
    assertThat(Violations.of(foo)).containsExactly("spec.config.msg Size");
    foo.spec.config.msg = "x".repeat(256);
    assertThat(Violations.of(foo)).isEmpty();
    assertThat(strategy.validate(foo)).isEmpty();
  }

  @Test
  @DisplayName("create drops the status sent and defaults the image of a Foo written through v1")
  void prepareForCreate() {
    Foo foo = new Foo();
    foo.status = new Foo.Status();
    foo.status.phase = "Running";
    strategy.prepareForCreate(foo);
    assertThat(foo.status).isNull();
    assertThat(foo.spec.image).isEqualTo("nginx:latest");
  }

  @Test
  @DisplayName("update keeps the stored status and does not touch the old object")
  void prepareForUpdateKeepsStatus() {
    Foo old = new Foo();
    old.spec.image = "busybox";
    old.status = new Foo.Status();
    old.status.phase = "Running";
    old.status.conditions = new java.util.ArrayList<>(List.of(new Foo.Condition()));
    Foo updated = new Foo();
    updated.spec.image = "busybox";
    updated.status = new Foo.Status();
    updated.status.phase = "Hacked";

    strategy.prepareForUpdate(updated, old);

    assertThat(updated.status.phase).isEqualTo("Running");
    assertThat(updated.status.conditions).hasSize(1);
    assertThat(updated.status).isNotSameAs(old.status);
    assertThat(updated.status.conditions).isNotSameAs(old.status.conditions);
  }
}
