package dev.customapiserver.apis.restaurant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

@Label("Pizza conversion between v1alpha1 names and v1beta1 quantities")
public class PizzaConversionTest {
  private final PizzaV1alpha1Converter alpha = new PizzaV1alpha1Converter();
  private final PizzaV1beta1Converter beta = new PizzaV1beta1Converter();

  @Example
  @Label("[salami, salami, cheese] is [{salami,2},{cheese,1}] and back")
  void example() {
    PizzaV1beta1 b = beta.fromHub(alpha.toHub(alphaOf(List.of("salami", "salami", "cheese"))));
    assertThat(b.spec.toppings).extracting(t -> t.name, t -> t.quantity)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("salami", 2), org.assertj.core.groups.Tuple.tuple("cheese", 1));
    PizzaV1alpha1 a = alpha.fromHub(beta.toHub(b));
    assertThat(a.spec.toppings).containsExactly("salami", "salami", "cheese");
    assertThat(a.metadata.annotations).as("a valid pizza needs no annotation").isNull();
  }

  @Property(tries = 300)
  @Label("any v1beta1 Pizza (repeated names, missing or odd quantities too) survives v1beta1 → v1alpha1 → v1beta1")
  void betaThroughAlpha(@ForAll("betas") PizzaV1beta1 original) {
    PizzaV1beta1 back = beta.fromHub(alpha.toHub(alpha.fromHub(beta.toHub(original))));
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Property(tries = 300)
  @Label("any v1alpha1 list keeps its toppings, portions and order of first appearance through v1beta1")
  void alphaThroughBeta(@ForAll("names") List<String> names) {
    PizzaV1alpha1 original = alphaOf(names);
    PizzaV1alpha1 back = alpha.fromHub(beta.toHub(beta.fromHub(alpha.toHub(original))));
    assertThat(back.spec.toppings).containsExactlyInAnyOrderElementsOf(names);
    assertThat(new LinkedHashSet<>(back.spec.toppings)).containsExactlyElementsOf(new LinkedHashSet<>(names));
    assertThat(back.metadata.annotations).isNull();
    if (grouped(names)) {
      assertThat(back).usingRecursiveComparison().isEqualTo(original);
    }
  }

  @Example
  @Label("a topping listed twice in v1beta1 comes back as listed, through an annotation v1beta1 never shows")
  void duplicateThroughAlpha() {
    PizzaV1beta1 b = betaOf(ref("salami", 1), ref("cheese", 1), ref("salami", 2));
    PizzaV1alpha1 a = alpha.fromHub(beta.toHub(b));
    assertThat(a.spec.toppings).containsExactly("salami", "cheese", "salami", "salami");
    assertThat(a.metadata.annotations).containsKey(PizzaV1alpha1Converter.TOPPINGS_ANNOTATION);
    PizzaV1beta1 back = beta.fromHub(alpha.toHub(a));
    assertThat(back).usingRecursiveComparison().isEqualTo(b);
    assertThat(back.metadata.annotations).isNull();
  }

  @Example
  @Label("a stale carried list is ignored when the toppings were changed through v1alpha1")
  void staleAnnotationIgnored() {
    PizzaV1alpha1 a = alpha.fromHub(beta.toHub(betaOf(ref("salami", 1), ref("salami", 1))));
    a.spec.toppings = new ArrayList<>(List.of("cheese"));
    PizzaV1beta1 back = beta.fromHub(alpha.toHub(a));
    assertThat(back.spec.toppings).extracting(t -> t.name, t -> t.quantity)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("cheese", 1));
    assertThat(back.metadata.annotations).isNull();
  }

  @Example
  @Label("Topping survives both versions unchanged")
  void toppingRoundTrip() {
    ToppingV1alpha1 t = new ToppingV1alpha1();
    t.metadata.name = "salami";
    t.spec = new ToppingV1alpha1.Spec();
    t.spec.cost = 1.5;
    var a = new ToppingV1alpha1Converter();
    var b = new ToppingV1beta1Converter();
    assertThat(a.fromHub(b.toHub(b.fromHub(a.toHub(t))))).usingRecursiveComparison().isEqualTo(t);
  }

  public static PizzaV1beta1.ToppingRef ref(String name, Integer quantity) {
    PizzaV1beta1.ToppingRef r = new PizzaV1beta1.ToppingRef();
    r.name = name;
    r.quantity = quantity;
    return r;
  }

  public static PizzaV1beta1 betaOf(PizzaV1beta1.ToppingRef... refs) {
    PizzaV1beta1 p = new PizzaV1beta1();
    p.metadata.name = "margherita";
    p.spec = new PizzaV1beta1.Spec();
    p.spec.toppings = new ArrayList<>(java.util.Arrays.asList(refs));
    return p;
  }

  private static PizzaV1alpha1 alphaOf(List<String> names) {
    PizzaV1alpha1 p = new PizzaV1alpha1();
    p.metadata.name = "margherita";
    p.spec = new PizzaV1alpha1.Spec();
    p.spec.toppings = new ArrayList<>(names);
    return p;
  }

  /** Whether every name's repeats are next to each other. */
  private static boolean grouped(List<String> names) {
    List<String> seen = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if ((i == 0 || !names.get(i).equals(names.get(i - 1))) && seen.contains(names.get(i))) {
        return false;
      }
      seen.add(names.get(i));
    }
    return true;
  }

  @Provide
  Arbitrary<List<String>> names() {
    return Arbitraries.of("salami", "cheese", "tomato", "ham").list().ofMaxSize(8);
  }

  @Provide
  Arbitrary<PizzaV1beta1> betas() {
    Arbitrary<PizzaV1beta1.ToppingRef> refs = net.jqwik.api.Combinators.combine(
            Arbitraries.of("salami", "cheese", "tomato").injectNull(0.1),
            Arbitraries.integers().between(-1, 4).injectNull(0.2))
        .as(PizzaConversionTest::ref);
    Arbitrary<Map<String, String>> annotations = Arbitraries.maps(
            Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(5), Arbitraries.strings().ofMaxLength(5))
        .ofMinSize(1).ofMaxSize(2).injectNull(0.5);
    Arbitrary<Double> cost = Arbitraries.doubles().between(0, 100).injectNull(0.5);
    return net.jqwik.api.Combinators.combine(refs.list().ofMaxSize(6).injectNull(0.1), annotations, cost)
        .as((list, ann, c) -> {
          PizzaV1beta1 p = betaOf();
          p.spec.toppings = list == null ? null : new ArrayList<>(list);
          p.metadata.annotations = ann == null ? null : new java.util.LinkedHashMap<>(ann);
          if (c != null) {
            p.status = new PizzaV1beta1.Status();
            p.status.cost = c;
          }
          return p;
        });
  }
}
