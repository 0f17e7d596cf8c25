package dev.customapiserver.testkit.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testkit.WithApiServer;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The README's "Testing your operator" example: a Java Operator SDK operator reconciling Foos
 * against the real API server, started in this JVM by {@code @WithApiServer}.
 */
@WithApiServer(reset = true)
@DisplayName("A Java Operator SDK operator against the embedded API server")
class FooOperatorTest {
  private Operator operator;

  @BeforeEach
  void startOperator(KubernetesClient client) {
    operator = new Operator(o -> o.withKubernetesClient(client).withCloseClientOnStop(false));
    operator.register(new FooReconciler());
    operator.start();
  }

  @AfterEach
  void stopOperator() {
    operator.stop();
  }

  @Test
  @DisplayName("a new Foo gets its ConfigMap, owned by the Foo; a changed message is carried over")
  void reconciles(KubernetesClient client) {
    Foo foo = new Foo();
    foo.setMetadata(new ObjectMetaBuilder().withName("hello").withNamespace("default").build());
    foo.setSpec(new Foo.Spec());
    foo.getSpec().image = "busybox:1.36";
    foo.getSpec().config = Map.of("msg", "hello world");
    client.resource(foo).create();

    ConfigMap made = client.configMaps().inNamespace("default").withName("hello-config")
        .waitUntilCondition(c -> c != null, 60, TimeUnit.SECONDS);
    assertThat(made.getData()).containsEntry("msg", "hello world");
    assertThat(made.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(o -> assertThat(o.getKind()).isEqualTo("Foo"));

    client.resources(Foo.class).inNamespace("default").withName("hello").edit(f -> {
      f.getSpec().config = Map.of("msg", "changed");
      return f;
    });
    assertThat(client.configMaps().inNamespace("default").withName("hello-config")
        .waitUntilCondition(c -> c != null && "changed".equals(c.getData().get("msg")), 60, TimeUnit.SECONDS))
        .isNotNull();
  }

  @Test
  @DisplayName("with reset = true each test starts from the clean server: no Foo or ConfigMap of the other test")
  void startsClean(KubernetesClient client) {
    assertThat(client.resources(Foo.class).inAnyNamespace().list().getItems()).isEmpty();
    assertThat(client.configMaps().inNamespace("default").withName("hello-config").get()).isNull();
  }
}
