package dev.customapiserver.apis.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.apis.Documented;
import dev.customapiserver.groups.core.NamespaceStrategy;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Namespace's OpenAPI defaults and enums are what its defaulter and validation do")
class NamespaceDocumentedValuesTest {
  private final NamespaceStrategy strategy = new NamespaceStrategy();

  @Test
  @DisplayName("v1 spec.finalizers and status.phase: the documented defaults are what the defaulter sets")
  void defaults() {
    NamespaceV1 ns = new NamespaceV1();
    NamespaceDefaults.v1(ns);
    assertThat(Documented.at(ns, "/spec/finalizers")).isEqualTo(Documented.defaultOf(NamespaceV1.Spec.class, "finalizers"));
    assertThat(Documented.at(ns, "/status/phase")).isEqualTo(Documented.defaultOf(NamespaceV1.Status.class, "phase"));
  }

  @Test
  @DisplayName("v1 status.phase: validation accepts every documented value and lists exactly them when refusing another")
  void phases() {
    List<String> documented = Documented.enumOf(NamespaceV1.Status.class, "phase");
    for (String phase : documented) {
      assertThat(strategy.validate(withPhase(phase))).as(phase).isEmpty();
    }
    assertThat(strategy.validate(withPhase("Gone"))).extracting(FieldError::toString).containsExactly(
        "status.phase: Unsupported value: \"Gone\": supported values: "
            + documented.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", ")));
  }

  private static Namespace withPhase(String phase) {
    Namespace ns = new Namespace();
    ns.metadata.name = "team-a";
    ns.status = new Namespace.Status();
    ns.status.phase = phase;
    return ns;
  }
}
