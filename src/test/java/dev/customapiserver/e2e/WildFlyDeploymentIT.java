package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testing.PostgresServer;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.File;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
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
 * {@code java:jboss/datasources/CustomApiserverDS} that server-config/wildfly/datasource-postgresql.cli
 * adds (the build runs the script as the README says). The pool reads PGURL and PGUSER from the
 * environment WildFly inherits from the build; the test starts that PostgreSQL on the port the build
 * reserved. One WildFly start, one deployment.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@DisplayName("The WAR deployed to WildFly on a container-managed DataSource to PostgreSQL")
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
  @DisplayName("on PostgreSQL: a kubectl session, fabric8 CRUD, a chunked and a WebSocket watch")
  void onPostgres() throws Exception {
    int port = Integer.parseInt(System.getProperty("wildfly.postgres.port"));
    try (PostgresServer pg = PostgresServer.start(port)) {
      try (Connection c = DriverManager.getConnection(pg.url("postgres"), "postgres", "")) {
        c.createStatement().execute("CREATE DATABASE apiserver"); // the database PGURL names
      }
      controller.start(CONTAINER);
      boolean deployed = false;
      try {
        deployer.deploy(WAR);
        deployed = true;
        kubectlSession(pg.url("apiserver"));
        fabric8AndWatches();
      } finally {
        if (deployed) {
          deployer.undeploy(WAR);
        }
        controller.stop(CONTAINER);
      }
    }
  }

  private void kubectlSession(String jdbcUrl) throws Exception {
    Kubectl kubectl = kubectl();
    Kubectl.Result created = kubectl.runWithInput(FooRequests.foo("wf", null, "hello from WildFly"), "create", "--save-config",
        "-f", "-");
    assertThat(created.ok()).as(created.toString()).isTrue();
    assertThat(created.out()).contains("foo.hello.zeng.dev/wf created");
    assertThat(storedFoos(jdbcUrl, "wf")).as("the Foo's row in the PostgreSQL database behind the pool").isEqualTo(1);

    Kubectl.Result applied = kubectl.runWithInput(FooRequests.foo("wf", null, "applied on WildFly"), "apply", "-f", "-");
    assertThat(applied.ok()).as(applied.toString()).isTrue();
    assertThat(applied.out()).contains("foo.hello.zeng.dev/wf configured");

    Kubectl.Result got = kubectl.run("get", "foo", "wf", "-o", "jsonpath={.spec.config.msg}");
    assertThat(got.ok()).as(got.toString()).isTrue();
    assertThat(got.out()).isEqualTo("applied on WildFly");
    Kubectl.Result table = kubectl.run("get", "foos");
    assertThat(table.ok()).as(table.toString()).isTrue();
    assertThat(table.out()).startsWith("NAME").contains("wf");

    Kubectl.Result deleted = kubectl.run("delete", "foo", "wf");
    assertThat(deleted.ok()).as(deleted.toString()).isTrue();
    assertThat(deleted.out()).contains("foo.hello.zeng.dev \"wf\" deleted");
    Kubectl.Result gone = kubectl.run("get", "foo", "wf");
    assertThat(gone.ok()).isFalse();
    assertThat(gone.err()).contains("Error from server (NotFound): foos.hello.zeng.dev \"wf\" not found");
    assertThat(storedFoos(jdbcUrl, "wf")).isZero();
  }

  private static int storedFoos(String jdbcUrl, String name) throws Exception {
    try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "");
        PreparedStatement q = c.prepareStatement("SELECT count(*) FROM stored_objects WHERE resource = 'foos' AND name = ?")) {
      q.setString(1, name);
      try (ResultSet r = q.executeQuery()) {
        r.next();
        return r.getInt(1);
      }
    }
  }

  /** fabric8 creates, edits, reads and deletes a ConfigMap; a chunked and a WebSocket watch both see it happen. */
  private static void fabric8AndWatches() throws Exception {
    String cm = "wf-cm";
    String watchPath = "/api/v1/namespaces/default/configmaps?watch=true&fieldSelector=metadata.name%3D" + cm;
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).sslContext(TrustAll.context()).build();
    HttpResponse<InputStream> chunked = http.send(HttpRequest.newBuilder(URI.create(base() + watchPath))
        .header("Authorization", "Bearer " + token()).build(), HttpResponse.BodyHandlers.ofInputStream());
    assertThat(chunked.statusCode()).isEqualTo(200);
    assertThat(chunked.headers().firstValue("Transfer-Encoding")).as("a chunked HTTP/1.1 stream").hasValue("chunked");
    try (LineWatch lines = new LineWatch(chunked.body());
        SocketWatch socket = SocketWatch.open(http, URI.create(base().replaceFirst("^https", "wss") + watchPath), token());
        KubernetesClient client = fabric8()) {
      client.configMaps().resource(new ConfigMapBuilder().withNewMetadata().withName(cm).endMetadata()
          .withData(Map.of("k", "v1")).build()).create();
      client.configMaps().withName(cm).edit(c -> new ConfigMapBuilder(c).withData(Map.of("k", "v2")).build());
      assertThat(client.configMaps().withName(cm).get().getData()).containsEntry("k", "v2");
      assertThat(client.configMaps().withName(cm).delete()).hasSize(1);
      assertThat(client.configMaps().withName(cm).get()).isNull();
      for (WatchEvents watch : new WatchEvents[] {lines, socket}) {
        assertThat(watch.next()).as(watch.toString()).isEqualTo("ADDED " + cm + " v1");
        assertThat(watch.next()).as(watch.toString()).isEqualTo("MODIFIED " + cm + " v2");
        assertThat(watch.next()).as(watch.toString()).isEqualTo("DELETED " + cm + " v2");
      }
    }
  }
}
