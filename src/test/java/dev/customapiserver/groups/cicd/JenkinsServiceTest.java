package dev.customapiserver.groups.cicd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Violations;
import dev.customapiserver.apis.cicd.JenkinsService;
import dev.customapiserver.apis.cicd.JenkinsServiceDefaults;
import dev.customapiserver.apis.cicd.JenkinsServiceV1alpha;
import dev.customapiserver.apis.cicd.JenkinsServiceV1alphaConverter;
import dev.customapiserver.groups.cicd.JenkinsServiceStrategy;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Label;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

@Label("JenkinsService conversion, defaulting, validation and status")
class JenkinsServiceTest {
  private final JenkinsServiceV1alphaConverter converter = new JenkinsServiceV1alphaConverter();
  private final JenkinsServiceStrategy strategy = new JenkinsServiceStrategy();

  @Property(tries = 200)
  @Label("any v1alpha object survives v1alpha → hub → v1alpha unchanged")
  void roundTrip(@ForAll("services") JenkinsServiceV1alpha original) {
    assertThat(converter.fromHub(converter.toHub(original))).usingRecursiveComparison().isEqualTo(original);
  }

  @Example
  @Label("instancecpu defaults to 1; a given value is kept")
  void cpuDefault() {
    JenkinsServiceV1alpha js = new JenkinsServiceV1alpha();
    JenkinsServiceDefaults.v1alpha(js);
    assertThat(js.spec.instancecpu).isEqualTo(1);
    js.spec.instancecpu = 8;
    JenkinsServiceDefaults.v1alpha(js);
    assertThat(js.spec.instancecpu).isEqualTo(8);
  }

  @Example
  @Label("instanceamount and instancecpu are optional (seed 004); when given, 1..10 and 1..64, as Bean Validation on the hub")
  void limits() {
    JenkinsService js = new JenkinsService();
    assertThat(Violations.of(js)).isEmpty();
    js.spec.instanceamount = 11;
    js.spec.instancecpu = 0;
    assertThat(Violations.of(js)).containsExactly("spec.instanceamount Max", "spec.instancecpu Min");
    js.spec.instanceamount = 0;
    js.spec.instancecpu = 65;
    assertThat(Violations.of(js)).containsExactly("spec.instanceamount Min", "spec.instancecpu Max");
    js.spec.instanceamount = 10;
    js.spec.instancecpu = 64;
    assertThat(Violations.of(js)).isEmpty();
  }

  @Example
  @Label("create sets approvalstatus Pending whatever was sent; update keeps the stored status")
  void status() {
    JenkinsService js = new JenkinsService();
    js.status = new JenkinsService.Status();
    js.status.approvalstatus = "Approved";
    js.status.instances = new ArrayList<>(List.of(new JenkinsService.Instance(2, true)));
    strategy.prepareForCreate(js);
    assertThat(js.status.approvalstatus).isEqualTo("Pending");
    assertThat(js.status.instances).isNull();

    JenkinsService old = new JenkinsService();
    old.status = new JenkinsService.Status();
    old.status.approvalstatus = "Approved";
    old.status.instances = new ArrayList<>(List.of(new JenkinsService.Instance(2, true)));
    strategy.prepareForUpdate(js, old);
    assertThat(js.status.approvalstatus).isEqualTo("Approved");
    assertThat(js.status.instances).singleElement().satisfies(i -> assertThat(i.running).isTrue());
    assertThat(js.status.instances).isNotSameAs(old.status.instances);
  }

  @Provide
  Arbitrary<JenkinsServiceV1alpha> services() {
    Arbitrary<JenkinsServiceV1alpha.Instance> instance = Combinators.combine(
            Arbitraries.integers().between(1, 64).injectNull(0.2), Arbitraries.of(true, false).injectNull(0.2))
        .as((cpu, running) -> {
          JenkinsServiceV1alpha.Instance i = new JenkinsServiceV1alpha.Instance();
          i.cpu = cpu;
          i.running = running;
          return i;
        });
    Arbitrary<JenkinsServiceV1alpha.Status> status = Combinators.combine(
            Arbitraries.of("Pending", "Approved").injectNull(0.2), instance.list().ofMaxSize(3).injectNull(0.3))
        .as((a, l) -> {
          JenkinsServiceV1alpha.Status s = new JenkinsServiceV1alpha.Status();
          s.approvalstatus = a;
          s.instances = l == null ? null : new ArrayList<>(l);
          return s;
        });
    return Combinators.combine(Arbitraries.integers().between(0, 12).injectNull(0.2),
            Arbitraries.integers().between(0, 70).injectNull(0.2), status.injectNull(0.3))
        .as((amount, cpu, st) -> {
          JenkinsServiceV1alpha js = new JenkinsServiceV1alpha();
          js.metadata.name = "jenkins";
          js.spec = new JenkinsServiceV1alpha.Spec();
          js.spec.instanceamount = amount;
          js.spec.instancecpu = cpu;
          js.status = st;
          return js;
        });
  }
}
