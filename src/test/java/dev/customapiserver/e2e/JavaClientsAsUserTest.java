package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.FabricFoos.FOO_V2;
import static dev.customapiserver.e2e.FabricFoos.foo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.customapiserver.server.config.Option;
import dev.customapiserver.server.datadir.DataDirectory;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import io.kubernetes.client.util.generic.KubernetesApiResponse;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesApi;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesListObject;
import io.kubernetes.client.util.generic.dynamic.DynamicKubernetesObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two Java clients as non-admin users of an in-process server with RBAC (the default mode):
 * bob (a {@code --token-auth-file} user) through fabric8, carol (a client certificate minted from
 * the server's CA, as {@code custom-apiserver.war kubeconfig --user carol} does) through the
 * official Kubernetes client. Both may get, list and watch Foos in {@code team-a} only (a Role and
 * a RoleBinding there); anything else is kube's 403 as the client surfaces it.
 */
@DisplayName("fabric8 and the official Java client as users with a Role in one namespace")
class JavaClientsAsUserTest {
  static final String NS = "team-a";
  @TempDir static Path tmp;
  static RunningApiServer server;
  static KubernetesClient admin;

  @BeforeAll
  static void start() throws Exception {
    Path tokens = tmp.resolve("tokens.csv");
    Files.writeString(tokens, "bob-token,bob,u-bob\n");
    server = ApiServerBuilder.create().flag(Option.TOKEN_AUTH_FILE, tokens.toString()).start();
    admin = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(server.kubeconfigYaml())).build();
    admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build()).create();
    admin.rbac().roles().inNamespace(NS).resource(new RoleBuilder().withNewMetadata().withName("foo-reader").endMetadata()
        .addNewRule().withApiGroups("hello.zeng.dev").withResources("foos").withVerbs("get", "list", "watch").endRule()
        .addNewRule().withApiGroups("").withResources("configmaps").withVerbs("get", "list", "watch").endRule()
        .build()).create();
    admin.rbac().roleBindings().inNamespace(NS).resource(new RoleBindingBuilder().withNewMetadata().withName("readers")
        .endMetadata().withNewRoleRef("rbac.authorization.k8s.io", "Role", "foo-reader")
        .addNewSubject().withKind("User").withApiGroup("rbac.authorization.k8s.io").withName("bob").endSubject()
        .addNewSubject().withKind("User").withApiGroup("rbac.authorization.k8s.io").withName("carol").endSubject()
        .build()).create();
    admin.genericKubernetesResources(FOO_V2).inNamespace(NS).resource(foo("first", "hi")).create();
  }

  @AfterAll
  static void stop() {
    if (admin != null) {
      admin.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /** bob's kubeconfig: the admin's with bob's token. */
  static Config bob() {
    Config config = Config.fromKubeconfig(server.kubeconfigYaml());
    config.setOauthToken("bob-token");
    return config;
  }

  /** carol's kubeconfig with a client certificate from the server's CA (CN=carol, O=dev). */
  static ApiClient carol() throws Exception {
    String yaml = new DataDirectory(server.dataDir(), Clock.systemUTC(), new SecureRandom())
        .clientKubeconfig("carol", List.of("dev"), null, Duration.ofDays(1));
    return ClientBuilder.kubeconfig(KubeConfig.loadKubeConfig(new StringReader(yaml))).build();
  }

  static String forbidden(String user, String verb, String namespace) {
    return "foos.hello.zeng.dev is forbidden: User \"" + user + "\" cannot " + verb
        + " resource \"foos\" in API group \"hello.zeng.dev\" in the namespace \"" + namespace + "\"";
  }

  @Test
  @DisplayName("fabric8 as bob: get and list in team-a, a watch and an informer see a new Foo")
  void fabric8Allowed() throws Exception {
    try (KubernetesClient bob = new KubernetesClientBuilder().withConfig(bob()).build()) {
      var foos = bob.genericKubernetesResources(FOO_V2).inNamespace(NS);
      assertThat((String) foos.withName("first").get().get("spec", "config", "msg")).isEqualTo("hi");
      assertThat(foos.list().getItems()).extracting(f -> f.getMetadata().getName()).contains("first");

      BlockingQueue<String> watched = new LinkedBlockingQueue<>();
      BlockingQueue<String> informed = new LinkedBlockingQueue<>();
      SharedIndexInformer<GenericKubernetesResource> informer = foos.inform(new ResourceEventHandler<>() {
        @Override
        public void onAdd(GenericKubernetesResource obj) {
          informed.add(obj.getMetadata().getName());
        }

        @Override
        public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {}

        @Override
        public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {}
      });
      String rv = foos.list().getMetadata().getResourceVersion();
      try (Watch w = foos.withResourceVersion(rv).watch(new Watcher<>() {
        @Override
        public void eventReceived(Action action, GenericKubernetesResource resource) {
          watched.add(action + " " + resource.getMetadata().getName());
        }

        @Override
        public void onClose(WatcherException cause) {}
      })) {
        assertThat(informer.hasSynced()).isTrue();
        assertThat(informed.poll(30, TimeUnit.SECONDS)).isEqualTo("first");
        admin.genericKubernetesResources(FOO_V2).inNamespace(NS).resource(foo("fabric8-new", "x")).create();
        assertThat(watched.poll(30, TimeUnit.SECONDS)).isEqualTo("ADDED fabric8-new");
        assertThat(informed.poll(30, TimeUnit.SECONDS)).isEqualTo("fabric8-new");
      } finally {
        informer.close();
      }
    }
  }

  @Test
  @DisplayName("fabric8 as bob: list in default and create in team-a are 403 with kube's message; a watch in default is 403")
  void fabric8Forbidden() {
    try (KubernetesClient bob = new KubernetesClientBuilder().withConfig(bob()).build()) {
      KubernetesClientException list = catchThrowableOfType(KubernetesClientException.class,
          () -> bob.genericKubernetesResources(FOO_V2).inNamespace("default").list());
      KubernetesClientException create = catchThrowableOfType(KubernetesClientException.class,
          () -> bob.genericKubernetesResources(FOO_V2).inNamespace(NS).resource(foo("mine", "x")).create());
      KubernetesClientException watch = catchThrowableOfType(KubernetesClientException.class,
          () -> bob.genericKubernetesResources(FOO_V2).inNamespace("default").watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, GenericKubernetesResource resource) {}

            @Override
            public void onClose(WatcherException cause) {}
          }));

      assertThat(list.getCode()).isEqualTo(403);
      assertThat(list.getStatus().getReason()).isEqualTo("Forbidden");
      assertThat(list.getStatus().getMessage()).isEqualTo(forbidden("bob", "list", "default"));
      assertThat(list.getMessage()).contains("Message: " + forbidden("bob", "list", "default"));
      assertThat(create.getCode()).isEqualTo(403);
      assertThat(create.getStatus().getMessage()).isEqualTo(forbidden("bob", "create", NS));
      // fabric8 watches over WebSocket; its handshake failure does not read the Status body (the
      // server sends it, as kube-apiserver does), so the client only has the code and reason phrase
      assertThat(watch.getCode()).isEqualTo(403);
      assertThat(watch.getMessage()).startsWith("Received 403 on websocket");
    }
  }

  @Test
  @DisplayName("official client as carol (client certificate): get and list Foos, an informer on ConfigMaps sees a new one")
  void officialAllowed() throws Exception {
    ApiClient carol = carol();
    DynamicKubernetesApi foos = new DynamicKubernetesApi("hello.zeng.dev", "v2", "foos", carol);
    KubernetesApiResponse<DynamicKubernetesObject> got = foos.get(NS, "first");
    KubernetesApiResponse<DynamicKubernetesListObject> listed = foos.list(NS);

    assertThat(got.getHttpStatusCode()).isEqualTo(200);
    assertThat(got.getObject().getRaw().getAsJsonObject("spec").getAsJsonObject("config").get("msg").getAsString())
        .isEqualTo("hi");
    assertThat(listed.getObject().getItems()).extracting(o -> o.getMetadata().getName()).contains("first");

    SharedInformerFactory factory = new SharedInformerFactory(carol);
    try {
      var informer = factory.sharedIndexInformerFor(params -> new CoreV1Api(carol).listNamespacedConfigMap(NS)
          .resourceVersion(params.resourceVersion).watch(params.watch).timeoutSeconds(params.timeoutSeconds)
          .buildCall(null), io.kubernetes.client.openapi.models.V1ConfigMap.class,
          io.kubernetes.client.openapi.models.V1ConfigMapList.class);
      BlockingQueue<String> added = new LinkedBlockingQueue<>();
      informer.addEventHandler(new io.kubernetes.client.informer.ResourceEventHandler<>() {
        @Override
        public void onAdd(io.kubernetes.client.openapi.models.V1ConfigMap obj) {
          added.add(obj.getMetadata().getName());
        }

        @Override
        public void onUpdate(io.kubernetes.client.openapi.models.V1ConfigMap o, io.kubernetes.client.openapi.models.V1ConfigMap n) {}

        @Override
        public void onDelete(io.kubernetes.client.openapi.models.V1ConfigMap obj, boolean unknown) {}
      });
      factory.startAllRegisteredInformers();
      admin.configMaps().inNamespace(NS).resource(new io.fabric8.kubernetes.api.model.ConfigMapBuilder().withNewMetadata()
          .withName("seen-by-carol").endMetadata().build()).create();
      String first = added.poll(60, TimeUnit.SECONDS);
      while (first != null && !first.equals("seen-by-carol")) {
        first = added.poll(60, TimeUnit.SECONDS);
      }
      assertThat(first).isEqualTo("seen-by-carol");
      assertThat(informer.hasSynced()).isTrue();
    } finally {
      factory.stopAllRegisteredInformers();
    }
  }

  @Test
  @DisplayName("official client as carol: a list in default is 403 with kube's message, in the response and in ApiException")
  void officialForbidden() throws Exception {
    ApiClient carol = carol();
    DynamicKubernetesApi foos = new DynamicKubernetesApi("hello.zeng.dev", "v2", "foos", carol);

    KubernetesApiResponse<DynamicKubernetesListObject> listed = foos.list("default");
    ApiException thrown = catchThrowableOfType(ApiException.class, () -> foos.list("default").throwsApiException());
    ApiException typed = catchThrowableOfType(ApiException.class,
        () -> new CoreV1Api(carol).deleteNamespacedConfigMap("x", NS).execute());

    assertThat(listed.getHttpStatusCode()).isEqualTo(403);
    assertThat(listed.getStatus().getReason()).isEqualTo("Forbidden");
    assertThat(listed.getStatus().getMessage()).isEqualTo(forbidden("carol", "list", "default"));
    assertThat(thrown.getCode()).isEqualTo(403);
    assertThat(thrown.getMessage()).contains(forbidden("carol", "list", "default"));
    assertThat(typed.getCode()).isEqualTo(403);
    assertThat(typed.getResponseBody()).contains("configmaps \\\"x\\\" is forbidden: User \\\"carol\\\" cannot delete "
        + "resource \\\"configmaps\\\" in API group \\\"\\\" in the namespace \\\"team-a\\\"");
  }
}
