package dev.customapiserver.groups.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.core.Namespace;
import dev.customapiserver.apis.core.NamespaceDefaults;
import dev.customapiserver.apis.core.NamespaceV1;
import dev.customapiserver.apis.core.NamespaceV1Converter;
import dev.customapiserver.groups.core.NamespaceStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Namespace conversion, defaulting, validation and status")
class NamespaceTest {
  private final NamespaceV1Converter converter = new NamespaceV1Converter();
  private final NamespaceStrategy strategy = new NamespaceStrategy();

  private static Namespace named(String name) {
    Namespace ns = new Namespace();
    ns.metadata.name = name;
    return ns;
  }

  @Test
  @DisplayName("v1 defaults spec.finalizers to [kubernetes] and status.phase to Active")
  void defaults() {
    NamespaceV1 ns = new NamespaceV1();
    NamespaceDefaults.v1(ns);
    assertThat(ns.spec.finalizers).containsExactly("kubernetes");
    assertThat(ns.status.phase).isEqualTo("Active");
  }

  @Test
  @DisplayName("v1 survives the hub unchanged")
  void roundTrip() {
    NamespaceV1 ns = new NamespaceV1();
    ns.metadata.name = "team-a";
    NamespaceDefaults.v1(ns);
    NamespaceV1 back = converter.fromHub(converter.toHub(ns));
    assertThat(back).usingRecursiveComparison().isEqualTo(ns);
    assertThat(back.spec.finalizers).isNotSameAs(ns.spec.finalizers);
  }

  @Test
  @DisplayName("a new namespace is Active whatever status was sent; updates keep the stored status")
  void status() {
    Namespace ns = named("team-a");
    ns.status = new Namespace.Status();
    ns.status.phase = "Terminating";
    strategy.prepareForCreate(ns);
    assertThat(ns.status.phase).isEqualTo("Active");

    Namespace old = named("team-a");
    old.status = new Namespace.Status();
    old.status.phase = "Terminating";
    strategy.prepareForUpdate(ns, old);
    assertThat(ns.status.phase).isEqualTo("Terminating");
    assertThat(ns.status).isNotSameAs(old.status);
  }

  @Test
  @DisplayName("the name must be a DNS-1123 label; the phase Active or Terminating; finalizers not empty")
  void validation() {
    assertThat(strategy.validate(named("team-a"))).isEmpty();
    assertThat(strategy.nameProblems("team-a")).isEmpty();
    assertThat(strategy.nameProblems("team.a")).singleElement().asString().startsWith("a lowercase RFC 1123 label");
    assertThat(strategy.nameProblems("a".repeat(64))).contains("must be no more than 63 characters");
    Namespace ns = named("team-a");
    ns.spec.finalizers = new ArrayList<>(List.of("kubernetes", ""));
    ns.status = new Namespace.Status();
    ns.status.phase = "Gone";
    assertThat(strategy.validate(ns)).extracting(FieldError::toString).containsExactly(
        "spec.finalizers[1]: Required value",
        "status.phase: Unsupported value: \"Gone\": supported values: \"Active\", \"Terminating\"");
  }
}
