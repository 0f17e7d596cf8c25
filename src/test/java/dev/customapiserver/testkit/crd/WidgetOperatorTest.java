package dev.customapiserver.testkit.crd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.javaoperatorsdk.operator.MissingCRDException;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.OperatorException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Version;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A Java Operator SDK operator whose resource type is not compiled into the server: its CRD is
 * applied at the start, and the operator starts with JOSDK's CRD check on (it GETs
 * {@code apiextensions.k8s.io/v1} customresourcedefinitions/widgets.ops.example.com and compares
 * the scope with the Java class), against the in-process server (memory storage).
 */
@DisplayName("A Java Operator SDK operator with its CRD check, reconciling a custom resource defined by a CRD")
class WidgetOperatorTest {
  static RunningApiServer server;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    server = ApiServerBuilder.create().start();
    client = server.fabric8Client();
    try (InputStream yaml = WidgetOperatorTest.class.getResourceAsStream("/crd/widget-crd.yaml")) {
      client.apiextensions().v1().customResourceDefinitions().load(yaml).create();
    }
    CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().withName("widgets.ops.example.com")
        .waitUntilCondition(c -> c != null && c.getStatus() != null && c.getStatus().getConditions().stream()
            .anyMatch(x -> "Established".equals(x.getType()) && "True".equals(x.getStatus())), 60, TimeUnit.SECONDS);
    assertThat(crd.getStatus().getAcceptedNames().getShortNames()).containsExactly("wd");
  }

  @AfterAll
  static void stop() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static Operator operator(Reconciler<?> reconciler) {
    Operator operator = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false)
        .checkingCRDAndValidateLocalModel(true));
    operator.register(reconciler);
    return operator;
  }

  static Widget widget(String name, int parts) {
    Widget w = new Widget();
    w.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("default").build());
    w.setSpec(new Widget.Spec());
    w.getSpec().parts = parts;
    w.getSpec().color = "blue";
    return w;
  }

  @Test
  @DisplayName("the CRD check passes; a new Widget gets its ConfigMap (owned by it) and its status; a changed spec is carried over")
  void reconciles() {
    Operator operator = operator(new WidgetReconciler());
    operator.start();
    try {
      Widget created = client.resource(widget("gear", 3)).create();
      assertThat(created.getMetadata().getGeneration()).isEqualTo(1L);
      ConfigMap made = client.configMaps().inNamespace("default").withName("gear-parts")
          .waitUntilCondition(c -> c != null, 60, TimeUnit.SECONDS);
      assertThat(made.getData()).containsEntry("parts", "3");
      assertThat(made.getMetadata().getOwnerReferences()).singleElement()
          .satisfies(o -> assertThat(o.getKind() + " " + o.getApiVersion() + " " + o.getName()).isEqualTo("Widget ops.example.com/v1 gear"));
      Resource<Widget> gear = client.resources(Widget.class).inNamespace("default").withName("gear");
      Widget ready = gear.waitUntilCondition(w -> w.getStatus() != null && "Ready".equals(w.getStatus().phase), 60, TimeUnit.SECONDS);
      assertThat(ready.getStatus().readyParts).isEqualTo(3);
      assertThat(ready.getMetadata().getGeneration()).as("status writes leave generation alone").isEqualTo(1L);

      gear.edit(w -> {
        w.getSpec().parts = 5;
        return w;
      });
      assertThat(gear.waitUntilCondition(w -> w.getStatus() != null && Integer.valueOf(5).equals(w.getStatus().readyParts),
          60, TimeUnit.SECONDS).getMetadata().getGeneration()).isEqualTo(2L);
      assertThat(client.configMaps().inNamespace("default").withName("gear-parts").get().getData()).containsEntry("parts", "5");
    } finally {
      operator.stop();
    }
  }

  /** A kind whose CRD was never applied. */
  @Group("ops.example.com")
  @Version("v1")
  @Kind("Gadget")
  public static class Gadget extends CustomResource<Void, Void> implements io.fabric8.kubernetes.api.model.Namespaced {}

  /** The Widget's kind, declared cluster-scoped: the CRD says Namespaced. */
  @Group("ops.example.com")
  @Version("v1")
  @Kind("Widget")
  public static class ClusterWidget extends CustomResource<Void, Void> {}

  @ControllerConfiguration
  public static class GadgetReconciler implements Reconciler<Gadget> {
    @Override
    public UpdateControl<Gadget> reconcile(Gadget resource, Context<Gadget> context) {
      return UpdateControl.noUpdate();
    }
  }

  @ControllerConfiguration
  public static class ClusterWidgetReconciler implements Reconciler<ClusterWidget> {
    @Override
    public UpdateControl<ClusterWidget> reconcile(ClusterWidget resource, Context<ClusterWidget> context) {
      return UpdateControl.noUpdate();
    }
  }

  static void startRefused(Reconciler<?> reconciler, Class<? extends Exception> expected, String message) {
    Operator operator = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false)
        .checkingCRDAndValidateLocalModel(true));
    try {
      assertThatThrownBy(() -> {
        operator.register(reconciler);
        operator.start();
      }).satisfies(e -> {
        java.util.List<Throwable> chain = new java.util.ArrayList<>();
        for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
          chain.add(t);
        }
        assertThat(chain).as("the exception and its causes").anySatisfy(t -> {
          assertThat(t).isInstanceOf(expected);
          assertThat(t.getMessage()).contains(message);
        });
      });
    } finally {
      operator.stop();
    }
  }

  @Test
  @DisplayName("the CRD check refuses a kind without a CRD (MissingCRDException) and a scope the CRD contradicts")
  void checkRefuses() {
    startRefused(new GadgetReconciler(), MissingCRDException.class, "gadgets.ops.example.com");
    startRefused(new ClusterWidgetReconciler(), OperatorException.class, "since CRD 'widgets.ops.example.com' is scoped as 'Namespaced'");
  }
}
