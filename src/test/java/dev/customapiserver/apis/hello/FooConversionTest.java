package dev.customapiserver.apis.hello;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.api.meta.ObjectMeta;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

@Label("Foo conversion between v1, v2 and the hub")
class FooConversionTest {
  private final FooV1Converter v1 = new FooV1Converter();
  private final FooV2Converter v2 = new FooV2Converter();

  @Property(tries = 300)
  @Label("any v2 Foo survives v2 → hub → v1 → hub → v2 unchanged")
  void v2ThroughV1IsLossless(@ForAll("foosV2") FooV2 original) {
    FooV2 back = v2.fromHub(v1.toHub(v1.fromHub(v2.toHub(original))));
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Property(tries = 300)
  @Label("any hub Foo survives hub → v1 → hub unchanged")
  void hubThroughV1IsLossless(@ForAll("foosV2") FooV2 any) {
    Foo hub = v2.toHub(any);
    assertThat(v1.toHub(v1.fromHub(hub))).usingRecursiveComparison().isEqualTo(hub);
  }

  @Property(tries = 300)
  @Label("any v1 Foo survives v1 → hub → v2 → hub → v1 unchanged")
  void v1ThroughV2IsLossless(@ForAll("foosV1") FooV1 original) {
    FooV1 back = v1.fromHub(v2.toHub(v2.fromHub(v1.toHub(original))));
    assertThat(back).usingRecursiveComparison().isEqualTo(original);
  }

  @Property(tries = 300)
  @Label("conversion never changes its argument")
  void conversionDoesNotMutate(@ForAll("foosV2") FooV2 original) {
    Foo hub = v2.toHub(original);
    FooV1 asV1 = v1.fromHub(hub);
    Foo hubAgain = v2.toHub(original);
    v1.toHub(asV1);
    assertThat(hub).usingRecursiveComparison().isEqualTo(hubAgain);
    assertThat(v1.fromHub(hub)).usingRecursiveComparison().isEqualTo(asV1);
  }

  @Example
  @Label("an image set through v2 survives a read-modify-write through v1 and does not leak into v2")
  void imageSurvivesReadModifyWriteThroughV1() {
    FooV2 created = new FooV2();
    created.metadata.name = "hello";
    created.metadata.annotations = Map.of("owner", "me");
    created.spec = new FooV2.Spec();
    created.spec.image = "busybox:1.36";
    created.spec.config = new FooV2.Config();
    created.spec.config.msg = "hi";
    Foo stored = v2.toHub(created);

    FooV1 read = v1.fromHub(stored);
    assertThat(read.metadata.annotations).containsEntry(FooV1Converter.IMAGE_ANNOTATION, "busybox:1.36");
    read.spec.msg = "changed";
    FooV2 seen = v2.fromHub(v1.toHub(read));

    assertThat(seen.spec.image).isEqualTo("busybox:1.36");
    assertThat(seen.spec.config.msg).isEqualTo("changed");
    assertThat(seen.metadata.annotations).containsOnlyKeys("owner");
  }

  @Example
  @Label("v1 spec.msg and spec.msg1 are v2 spec.config.msg and spec.config.msg1")
  void fieldMapping() {
    FooV1 foo = new FooV1();
    foo.spec = new FooV1.Spec();
    foo.spec.msg = "a";
    foo.spec.msg1 = "b";
    FooV2 out = v2.fromHub(v1.toHub(foo));
    assertThat(out.spec.config.msg).isEqualTo("a");
    assertThat(out.spec.config.msg1).isEqualTo("b");
    assertThat(out.spec.image).isNull();
    assertThat(out.metadata.annotations).isNull();
  }

  @Provide
  Arbitrary<FooV2> foosV2() {
    return Builders.withBuilder(FooV2::new)
        .use(meta()).in((f, m) -> { f.metadata = m; return f; })
        .use(text()).in((f, s) -> { spec(f).image = s; return f; })
        .use(text()).in((f, s) -> { spec(f).config.msg = s; return f; })
        .use(text()).in((f, s) -> { spec(f).config.msg1 = s; return f; })
        .use(status().injectNull(0.3)).in((f, s) -> { f.status = s; return f; })
        .build();
  }

  @Provide
  Arbitrary<FooV1> foosV1() {
    return Builders.withBuilder(FooV1::new)
        .use(meta()).in((f, m) -> { f.metadata = m; return f; })
        .use(text()).in((f, s) -> { f.spec = new FooV1.Spec(); f.spec.msg = s; return f; })
        .use(text()).in((f, s) -> { f.spec.msg1 = s; return f; })
        .build();
  }

  private static FooV2.Spec spec(FooV2 f) {
    if (f.spec == null) {
      f.spec = new FooV2.Spec();
      f.spec.config = new FooV2.Config();
    }
    return f.spec;
  }

  private static Arbitrary<String> text() {
    return Arbitraries.strings().ofMaxLength(12).injectNull(0.3);
  }

  private static Arbitrary<ObjectMeta> meta() {
    Arbitrary<Map<String, String>> annotations = Arbitraries.maps(
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8), Arbitraries.strings().ofMaxLength(8))
        .ofMinSize(1).ofMaxSize(3).injectNull(0.5);
    return annotations.map(a -> {
      ObjectMeta m = new ObjectMeta();
      m.name = "foo";
      m.namespace = "default";
      m.annotations = a;
      return m;
    });
  }

  private static Arbitrary<FooV2.Status> status() {
    Arbitrary<FooV2.Condition> condition = Builders.withBuilder(FooV2.Condition::new)
        .use(text()).in((c, s) -> { c.type = s; return c; })
        .use(Arbitraries.of("True", "False", "Unknown")).in((c, s) -> { c.status = s; return c; })
        .use(text()).in((c, s) -> { c.reason = s; return c; })
        .use(text()).in((c, s) -> { c.message = s; return c; })
        .use(Arbitraries.longs().between(0, 4_000_000_000L).injectNull(0.3))
        .in((c, t) -> { c.lastTransitionTime = t == null ? null : Instant.ofEpochSecond(t); return c; })
        .build();
    return Builders.withBuilder(FooV2.Status::new)
        .use(text()).in((s, p) -> { s.phase = p; return s; })
        .use(condition.list().ofMaxSize(3).map(l -> (List<FooV2.Condition>) new ArrayList<>(l)).injectNull(0.3))
        .in((s, l) -> { s.conditions = l; return s; })
        .build();
  }
}
