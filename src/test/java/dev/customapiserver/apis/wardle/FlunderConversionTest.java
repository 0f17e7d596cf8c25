package dev.customapiserver.apis.wardle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.ObjectMeta;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

@Label("Flunder and Fischer conversion")
class FlunderConversionTest {
  private final FlunderV1alpha1Converter alpha = new FlunderV1alpha1Converter();
  private final FlunderV1beta1Converter beta = new FlunderV1beta1Converter();

  @Property(tries = 300)
  @Label("any v1beta1 Flunder, valid or not, survives v1beta1 → hub → v1alpha1 → hub → v1beta1")
  void betaThroughAlpha(@ForAll("betas") FlunderV1beta1 original) {
    FlunderV1beta1 back = beta.fromHub(alpha.toHub(alpha.fromHub(beta.toHub(original))));
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Property(tries = 300)
  @Label("any v1alpha1 Flunder survives v1alpha1 → hub → v1beta1 → hub → v1alpha1")
  void alphaThroughBeta(@ForAll("alphas") FlunderV1alpha1 original) {
    FlunderV1alpha1 back = alpha.fromHub(beta.toHub(beta.fromHub(alpha.toHub(original))));
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Example
  @Label("v1alpha1 reference goes to the v1beta1 field its referenceType names, and back")
  void referenceByType() {
    FlunderV1alpha1 toFischer = alphaOf("f1", "Fischer");
    FlunderV1beta1 b = beta.fromHub(alpha.toHub(toFischer));
    assertThat(b.spec.fischerReference).isEqualTo("f1");
    assertThat(b.spec.flunderReference).isNull();
    assertThat(b.metadata.annotations).isNull();

    FlunderV1alpha1 toFlunder = alphaOf("f2", "Flunder");
    b = beta.fromHub(alpha.toHub(toFlunder));
    assertThat(b.spec.flunderReference).isEqualTo("f2");
    assertThat(b.spec.fischerReference).isNull();

    FlunderV1alpha1 a = alpha.fromHub(beta.toHub(b));
    assertThat(a.spec.reference).isEqualTo("f2");
    assertThat(a.spec.referenceType).isEqualTo("Flunder");
    assertThat(a.metadata.annotations).isNull();
  }

  @Example
  @Label("v1alpha1 defaults referenceType to Flunder only when a reference is set and the type is empty")
  void alphaDefaulting() {
    FlunderV1alpha1 f = alphaOf("x", null);
    FlunderDefaults.v1alpha1(f);
    assertThat(f.spec.referenceType).isEqualTo("Flunder");
    FlunderV1alpha1 fischer = alphaOf("x", "Fischer");
    FlunderDefaults.v1alpha1(fischer);
    assertThat(fischer.spec.referenceType).isEqualTo("Fischer");
    FlunderV1alpha1 none = alphaOf(null, null);
    FlunderDefaults.v1alpha1(none);
    assertThat(none.spec.referenceType).isNull();
  }

  @Example
  @Label("Fischer v1alpha1 survives the hub unchanged")
  void fischerRoundTrip() {
    FischerV1alpha1Converter c = new FischerV1alpha1Converter();
    FischerV1alpha1 f = new FischerV1alpha1();
    f.metadata.name = "fisch";
    f.disallowedFlunders = new java.util.ArrayList<>(java.util.List.of("a", "b.c"));
    assertThat(c.fromHub(c.toHub(f))).usingRecursiveComparison().isEqualTo(f);
  }

  private static FlunderV1alpha1 alphaOf(String reference, String type) {
    FlunderV1alpha1 f = new FlunderV1alpha1();
    f.spec = new FlunderV1alpha1.Spec();
    f.spec.reference = reference;
    f.spec.referenceType = type;
    return f;
  }

  @Provide
  Arbitrary<FlunderV1beta1> betas() {
    return Builders.withBuilder(() -> {
          FlunderV1beta1 f = new FlunderV1beta1();
          f.spec = new FlunderV1beta1.Spec();
          return f;
        })
        .use(meta()).in((f, m) -> { f.metadata = m; return f; })
        .use(name()).in((f, s) -> { f.spec.fischerReference = s; return f; })
        .use(name()).in((f, s) -> { f.spec.flunderReference = s; return f; })
        .use(type()).in((f, s) -> { f.spec.referenceType = s; return f; })
        .use(Arbitraries.of(true, false)).in((f, b) -> { f.status = b ? new FlunderV1beta1.Status() : null; return f; })
        .build();
  }

  @Provide
  Arbitrary<FlunderV1alpha1> alphas() {
    return Builders.withBuilder(() -> alphaOf(null, null))
        .use(meta()).in((f, m) -> { f.metadata = m; return f; })
        .use(name()).in((f, s) -> { f.spec.reference = s; return f; })
        .use(type()).in((f, s) -> { f.spec.referenceType = s; return f; })
        .build();
  }

  private static Arbitrary<String> name() {
    return Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(6).injectNull(0.4);
  }

  private static Arbitrary<String> type() {
    return Arbitraries.of("Flunder", "Fischer", "", "Other").injectNull(0.3);
  }

  private static Arbitrary<ObjectMeta> meta() {
    return Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), Arbitraries.strings().ofMaxLength(6))
        .ofMinSize(1).ofMaxSize(2).injectNull(0.5)
        .map(a -> {
          ObjectMeta m = new ObjectMeta();
          m.name = "flunder";
          m.annotations = a == null ? null : new java.util.LinkedHashMap<>(a);
          return m;
        });
  }
}
