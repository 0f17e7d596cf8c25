package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built WAR on a managed WildFly 39 (-Pwildfly), storing in the container-managed DataSource
 * {@code java:jboss/datasources/CustomApiserverDS} that server-config/wildfly/datasource-h2.cli adds
 * (the WAR gets {@code CUSTOM_APISERVER_STORAGE_DATASOURCE} from the environment WildFly inherits).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@DisplayName("The WAR deployed to WildFly on a container-managed DataSource")
class WildFlyDeploymentIT {
  private static final String CONTAINER = "wildfly";
  private static final String WAR = "apiserver";

  @ArquillianResource
  private ContainerController controller;
  @ArquillianResource
  private Deployer deployer;
  @TempDir
  Path home;

  @Deployment(name = WAR, managed = false, testable = false)
  @TargetsContainer(CONTAINER)
  static WebArchive war() {
    return ShrinkWrap.createFromZipFile(WebArchive.class, new File(System.getProperty("apiserver.war")));
  }

  /**
   * WildFly's HTTPS listener (its self-signed certificate for localhost, generated on first use):
   * kubectl sends a bearer token only over HTTPS.
   */
  private static String base() {
    return "https://localhost:" + System.getProperty("wildfly.https.port") + "/custom-apiserver";
  }

  private static String token() throws Exception {
    return Files.readString(Path.of(System.getenv("CUSTOM_APISERVER_DATA_DIR"), "admin.token")).trim();
  }

  private Kubectl kubectl() throws Exception {
    Path kubeconfig = home.resolve("kubeconfig");
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters: [{name: wildfly, cluster: {server: "%s", insecure-skip-tls-verify: true}}]
        users: [{name: admin, user: {token: "%s"}}]
        contexts: [{name: wildfly, context: {cluster: wildfly, user: admin, namespace: default}}]
        current-context: wildfly
        """.formatted(base(), token()));
    return new Kubectl(kubeconfig, home);
  }

  private static KubernetesClient fabric8() throws Exception {
    Config config = new ConfigBuilder(Config.empty()).withMasterUrl(base()).withTrustCerts(true).withOauthToken(token())
        .withNamespace("default").build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  @Test
  @DisplayName("kubectl and fabric8 create, read, watch and delete; a Foo survives a redeploy and a WildFly restart")
  void crudAndRestart() throws Exception {
    String foo = "wf-" + Long.toHexString(System.nanoTime()); // WildFly's data directory outlives test runs
    controller.start(CONTAINER);
    boolean deployed = false;
    try {
      deployer.deploy(WAR);
      deployed = true;
      Kubectl kubectl = kubectl();
      Kubectl.Result applied = kubectl.runWithInput(FooRequests.foo(foo, null, "hello from WildFly"), "apply", "-f", "-");
      assertThat(applied.ok()).as(applied.toString()).isTrue();
      assertThat(applied.out()).contains("foo.hello.zeng.dev/" + foo + " created");

      try (KubernetesClient client = fabric8()) {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        String cm = foo + "-cm";
        try (Watch watch = client.configMaps().withName(cm).watch(new Watcher<>() {
          @Override
          public void eventReceived(Action action, ConfigMap resource) {
            events.add(action + " " + resource.getData());
          }

          @Override
          public void onClose(WatcherException cause) {
            // the test closes the watch
          }
        })) {
          client.configMaps().resource(new ConfigMapBuilder().withNewMetadata().withName(cm).endMetadata()
              .withData(Map.of("k", "v1")).build()).create();
          client.configMaps().withName(cm).edit(c -> new ConfigMapBuilder(c).withData(Map.of("k", "v2")).build());
          assertThat(events.poll(60, TimeUnit.SECONDS)).isEqualTo("ADDED {k=v1}");
          assertThat(events.poll(60, TimeUnit.SECONDS)).isEqualTo("MODIFIED {k=v2}");
          assertThat(client.configMaps().withName(cm).get().getData()).containsEntry("k", "v2");
          client.configMaps().withName(cm).delete();
          assertThat(events.poll(60, TimeUnit.SECONDS)).isEqualTo("DELETED {k=v2}");
        }
      }

      deployer.undeploy(WAR);
      deployed = false;
      deployer.deploy(WAR);
      deployed = true;
      assertFoo(kubectl(), foo, "after a redeploy");

      deployer.undeploy(WAR);
      deployed = false;
      controller.stop(CONTAINER);
      controller.start(CONTAINER);
      deployer.deploy(WAR);
      deployed = true;
      assertFoo(kubectl(), foo, "after a WildFly restart");
    } finally {
      if (deployed) {
        deployer.undeploy(WAR);
      }
      controller.stop(CONTAINER);
    }
  }

  private static void assertFoo(Kubectl kubectl, String name, String when) throws Exception {
    Kubectl.Result got = kubectl.run("get", "foo", name, "-o", "jsonpath={.spec.config.msg}");
    assertThat(got.ok()).as(when + ": " + got).isTrue();
    assertThat(got.out()).as(when).isEqualTo("hello from WildFly");
  }
}
