package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.FabricFoos.FOO_V1;
import static dev.customapiserver.e2e.FabricFoos.FOO_V2;
import static dev.customapiserver.e2e.FabricFoos.TOPPING;
import static dev.customapiserver.e2e.FabricFoos.foo;
import static dev.customapiserver.e2e.FabricFoos.topping;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/** The server used through the fabric8 Kubernetes client, built from the kubeconfig the server wrote. */
@DisplayName("fabric8 kubernetes-client against java -jar custom-apiserver.war")
class JavaClientIT {
  static final String MODIFIED = "the object has been modified; please apply your changes to the latest version and try again";
  @TempDir static Path tmp;
  static ServerProcess server;
  static KubernetesClient client;

  @BeforeAll
  static void start() throws Exception {
    server = ServerProcess.start(tmp.resolve("data"));
    Config config = Config.fromKubeconfig(Files.readString(server.kubeconfig()));
    client = new KubernetesClientBuilder().withConfig(config).build();
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

  /** A fresh namespace per test, created through the client (so tests do not see each other's Foos). */
  static String namespace(TestInfo test) {
    String name = test.getTestMethod().orElseThrow().getName().toLowerCase();
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
    return name;
  }

  static MixedOperation<GenericKubernetesResource, GenericKubernetesResourceList, Resource<GenericKubernetesResource>> foos() {
    return client.genericKubernetesResources(FOO_V2);
  }

  static String msg(GenericKubernetesResource foo) {
    return foo.get("spec", "config", "msg");
  }

  @Test
  @DisplayName("create answers the stored Foo with uid, resourceVersion, creationTimestamp and the default image; get returns the same")
  void createAndGet(TestInfo test) {
    String ns = namespace(test);

    GenericKubernetesResource created = foos().inNamespace(ns).resource(foo("hello", "hi")).create();

    assertThat(created.getMetadata().getUid()).isNotBlank();
    assertThat(created.getMetadata().getResourceVersion()).isNotBlank();
    assertThat(Instant.parse(created.getMetadata().getCreationTimestamp())).isBeforeOrEqualTo(Instant.now());
    assertThat(created.getMetadata().getNamespace()).isEqualTo(ns);
    assertThat((String) created.get("spec", "image")).isEqualTo("nginx:latest");
    assertThat(msg(created)).isEqualTo("hi");

    GenericKubernetesResource got = foos().inNamespace(ns).withName("hello").get();
    assertThat(got.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
    assertThat(got.getMetadata().getResourceVersion()).isEqualTo(created.getMetadata().getResourceVersion());
    assertThat((String) got.get("spec", "image")).isEqualTo("nginx:latest");
  }

  @Test
  @DisplayName("lists Foos in one namespace, and across namespaces by label selector")
  void listByNamespaceAndLabel(TestInfo test) {
    String ns = namespace(test);
    String other = ns + "-other";
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(other).endMetadata().build()).create();
    foos().inNamespace(ns).resource(foo("a", "m", "team", "blue")).create();
    foos().inNamespace(ns).resource(foo("b", "m", "team", "red")).create();
    foos().inNamespace(other).resource(foo("c", "m", "team", "blue")).create();

    List<GenericKubernetesResource> inNs = foos().inNamespace(ns).list().getItems();
    List<GenericKubernetesResource> blueEverywhere = foos().inAnyNamespace().withLabel("team", "blue").list().getItems();

    assertThat(inNs).extracting(f -> f.getMetadata().getName()).containsExactlyInAnyOrder("a", "b");
    assertThat(blueEverywhere).extracting(f -> f.getMetadata().getNamespace() + "/" + f.getMetadata().getName())
        .containsExactlyInAnyOrder(ns + "/a", other + "/c");
  }

  @Test
  @DisplayName("edit and update change the spec and move the resourceVersion on")
  void editAndUpdate(TestInfo test) {
    String ns = namespace(test);
    GenericKubernetesResource created = foos().inNamespace(ns).resource(foo("e", "one")).create();

    GenericKubernetesResource edited = foos().inNamespace(ns).withName("e").edit(f -> {
      f.setAdditionalProperty("spec", Map.of("image", "busybox", "config", Map.of("msg", "two")));
      return f;
    });
    String editedMsg = msg(edited);
    String editedVersion = edited.getMetadata().getResourceVersion();
    edited.setAdditionalProperty("spec", Map.of("image", "busybox", "config", Map.of("msg", "three")));
    GenericKubernetesResource updated = foos().inNamespace(ns).resource(edited).update();

    assertThat(editedMsg).isEqualTo("two");
    assertThat(editedVersion).isNotEqualTo(created.getMetadata().getResourceVersion());
    assertThat(msg(updated)).isEqualTo("three");
    assertThat(updated.getMetadata().getResourceVersion()).isNotEqualTo(editedVersion);
    GenericKubernetesResource got = foos().inNamespace(ns).withName("e").get();
    assertThat(msg(got)).isEqualTo("three");
    assertThat((String) got.get("spec", "image")).isEqualTo("busybox");
    assertThat(got.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
  }

  @Test
  @DisplayName("patches with a JSON merge patch and with a JSON patch")
  void patches(TestInfo test) {
    String ns = namespace(test);
    foos().inNamespace(ns).resource(foo("p", "before")).create();

    GenericKubernetesResource merged = foos().inNamespace(ns).withName("p")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"labels\":{\"patched\":\"merge\"}},\"spec\":{\"config\":{\"msg1\":\"extra\"}}}");
    GenericKubernetesResource jsonPatched = foos().inNamespace(ns).withName("p")
        .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"replace\",\"path\":\"/spec/config/msg\",\"value\":\"after\"},"
            + "{\"op\":\"replace\",\"path\":\"/spec/image\",\"value\":\"alpine\"}]");

    assertThat(merged.getMetadata().getLabels()).containsEntry("patched", "merge");
    assertThat(msg(merged)).isEqualTo("before");
    assertThat((String) merged.get("spec", "config", "msg1")).isEqualTo("extra");
    assertThat(msg(jsonPatched)).isEqualTo("after");
    assertThat((String) jsonPatched.get("spec", "image")).isEqualTo("alpine");
    assertThat((String) jsonPatched.get("spec", "config", "msg1")).isEqualTo("extra");
    assertThat(msg(foos().inNamespace(ns).withName("p").get())).isEqualTo("after");
  }

  @Test
  @DisplayName("server-side apply: creates, records the manager, refuses another manager's change with FieldManagerConflict causes, forces")
  void serverSideApply(TestInfo test) {
    String ns = namespace(test);
    GenericKubernetesResource created = foos().inNamespace(ns).resource(foo("ssa", "one")).fieldManager("java").serverSideApply();
    assertThat(msg(created)).isEqualTo("one");
    assertThat(created.getMetadata().getManagedFields())
        .extracting(m -> m.getManager(), m -> m.getOperation()).contains(tuple("java", "Apply"));

    String other = "{\"apiVersion\":\"hello.zeng.dev/v2\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"ssa\"},"
        + "\"spec\":{\"config\":{\"msg\":\"two\"}}}";
    PatchContext.Builder apply = new PatchContext.Builder().withPatchType(PatchType.SERVER_SIDE_APPLY).withFieldManager("other");
    KubernetesClientException e = catchThrowableOfType(KubernetesClientException.class,
        () -> foos().inNamespace(ns).withName("ssa").patch(apply.withForce(false).build(), other));
    assertThat(e).isNotNull();
    assertThat(e.getCode()).isEqualTo(409);
    assertThat(e.getStatus().getMessage()).isEqualTo("Apply failed with 1 conflict: conflict with \"java\": .spec.config.msg");
    assertThat(e.getStatus().getDetails().getCauses()).extracting(StatusCause::getReason, StatusCause::getField)
        .containsExactly(tuple("FieldManagerConflict", ".spec.config.msg"));

    GenericKubernetesResource forced = foos().inNamespace(ns).withName("ssa").patch(apply.withForce(true).build(), other);
    assertThat(msg(forced)).isEqualTo("two");
  }

  @Test
  @DisplayName("an update carrying a stale resourceVersion fails with 409 Conflict in the kube wording and changes nothing")
  void staleUpdateConflicts(TestInfo test) {
    String ns = namespace(test);
    GenericKubernetesResource stale = foos().inNamespace(ns).resource(foo("c", "v1")).create();
    foos().inNamespace(ns).withName("c").patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\":{\"config\":{\"msg\":\"v2\"}}}");

    stale.setAdditionalProperty("spec", Map.of("config", Map.of("msg", "lost update")));
    KubernetesClientException e = catchThrowableOfType(KubernetesClientException.class,
        () -> foos().inNamespace(ns).resource(stale).update());

    assertThat(e).isNotNull();
    assertThat(e.getCode()).isEqualTo(409);
    assertThat(e.getStatus().getReason()).isEqualTo("Conflict");
    assertThat(e.getStatus().getMessage())
        .isEqualTo("Operation cannot be fulfilled on foos.hello.zeng.dev \"c\": " + MODIFIED);
    assertThat(e.getMessage()).contains(MODIFIED);
    assertThat(msg(foos().inNamespace(ns).withName("c").get())).isEqualTo("v2");
  }

  @Test
  @DisplayName("a Foo without spec.config.msg is refused with 422 Invalid whose cause names spec.config.msg")
  void invalidFoo(TestInfo test) {
    String ns = namespace(test);

    KubernetesClientException e = catchThrowableOfType(KubernetesClientException.class,
        () -> foos().inNamespace(ns).resource(foo("bad", null)).create());

    assertThat(e).isNotNull();
    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getStatus().getReason()).isEqualTo("Invalid");
    assertThat(e.getStatus().getMessage()).startsWith("Foo.hello.zeng.dev \"bad\" is invalid: ").contains("spec.config.msg");
    assertThat(e.getStatus().getDetails().getKind()).isEqualTo("Foo");
    assertThat(e.getStatus().getDetails().getCauses()).extracting(StatusCause::getField, StatusCause::getReason)
        .containsExactly(tuple("spec.config.msg", "FieldValueRequired"));
    assertThat(foos().inNamespace(ns).withName("bad").get()).isNull();
  }

  @Test
  @DisplayName("a missing Foo: get returns null and delete returns an empty list, neither throws (the server did say 404 NotFound)")
  void missing(TestInfo test) throws Exception {
    String ns = namespace(test);

    GenericKubernetesResource got = foos().inNamespace(ns).withName("nope").get();
    List<StatusDetails> deleted = foos().inNamespace(ns).withName("nope").delete();

    assertThat(got).isNull();
    assertThat(deleted).isEmpty();
    // what fabric8 turned into null / an empty list
    var raw = server.send("DELETE", "/apis/hello.zeng.dev/v2/namespaces/" + ns + "/foos/nope", null, null);
    assertThat(raw.statusCode()).isEqualTo(404);
    assertThat(FooRequests.read(raw.body()).path("message").asText()).isEqualTo("foos.hello.zeng.dev \"nope\" not found");
  }

  @Test
  @DisplayName("delete removes the Foo: the client reports the deleted object's name and kind, and get then returns null")
  void delete(TestInfo test) {
    String ns = namespace(test);
    foos().inNamespace(ns).resource(foo("d", "bye")).create();

    List<StatusDetails> deleted = foos().inNamespace(ns).withName("d").delete();

    assertThat(deleted).extracting(StatusDetails::getName, StatusDetails::getKind).containsExactly(
        tuple("d", "Foo")); // the server answers the deleted object (as for CRDs), not a Status
    assertThat(foos().inNamespace(ns).withName("d").get()).isNull();
    assertThat(foos().inNamespace(ns).list().getItems()).isEmpty();
  }

  @Test
  @DisplayName("a Foo created through v2 reads through v1 with spec.config.msg as spec.msg")
  void conversion(TestInfo test) {
    String ns = namespace(test);
    foos().inNamespace(ns).resource(foo("conv", "through v2")).create();

    GenericKubernetesResource v1 = client.genericKubernetesResources(FOO_V1).inNamespace(ns).withName("conv").get();

    assertThat(v1.getApiVersion()).isEqualTo("hello.zeng.dev/v1");
    assertThat((String) v1.get("spec", "msg")).isEqualTo("through v2");
    assertThat((Object) v1.get("spec", "config")).isNull();
  }

  @Test
  @DisplayName("lists 25 Foos in pages of 10 with continue tokens: three pages, every Foo exactly once")
  void pagination(TestInfo test) {
    String ns = namespace(test);
    List<String> names = IntStream.range(0, 25).mapToObj(i -> String.format("page-%02d", i)).toList();
    names.forEach(n -> foos().inNamespace(ns).resource(foo(n, n)).create());

    List<String> seen = new ArrayList<>();
    List<Integer> pageSizes = new ArrayList<>();
    String cont = null;
    do {
      GenericKubernetesResourceList page = foos().inNamespace(ns)
          .list(new ListOptionsBuilder().withLimit(10L).withContinue(cont).build());
      page.getItems().forEach(f -> seen.add(f.getMetadata().getName()));
      pageSizes.add(page.getItems().size());
      cont = page.getMetadata().getContinue();
    } while (cont != null && !cont.isEmpty() && pageSizes.size() < 10);

    assertThat(seen).containsExactlyInAnyOrderElementsOf(names).doesNotHaveDuplicates();
    assertThat(pageSizes).containsExactly(10, 10, 5);
  }

  @Test
  @DisplayName("a cluster-scoped Topping: create, get, list, a 422 for a cost of 0, delete")
  void clusterScopedTopping() {
    GenericKubernetesResource created = client.resource(topping("salami", 1.5)).create();
    KubernetesClientException invalid = catchThrowableOfType(KubernetesClientException.class,
        () -> client.genericKubernetesResources(TOPPING).resource(topping("free", 0)).create());

    assertThat(created.getMetadata().getNamespace()).isNull();
    assertThat(created.getMetadata().getUid()).isNotBlank();
    assertThat(((Number) client.genericKubernetesResources(TOPPING).withName("salami").get().get("spec", "cost")).doubleValue())
        .isEqualTo(1.5);
    assertThat(client.genericKubernetesResources(TOPPING).list().getItems()).extracting(HasMetadata::getMetadata)
        .extracting(m -> m.getName()).contains("salami").doesNotContain("free");
    assertThat(invalid).isNotNull();
    assertThat(invalid.getCode()).isEqualTo(422);
    assertThat(invalid.getStatus().getDetails().getCauses()).extracting(StatusCause::getField).containsExactly("spec.cost");

    assertThat(client.genericKubernetesResources(TOPPING).withName("salami").delete()).hasSize(1);
    assertThat(client.genericKubernetesResources(TOPPING).withName("salami").get()).isNull();
  }

  @Test
  @DisplayName("namespaces: create one (Active, finalizer kubernetes), list it, delete it (then Terminating or gone)")
  void namespaces() {
    Namespace created = client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("short-lived")
        .endMetadata().build()).create();

    assertThat(created.getStatus().getPhase()).isEqualTo("Active");
    assertThat(created.getSpec().getFinalizers()).containsExactly("kubernetes");
    assertThat(client.namespaces().list().getItems()).extracting(n -> n.getMetadata().getName()).contains("short-lived");
    assertThat(client.namespaces().withName("short-lived").get().getMetadata().getUid())
        .isEqualTo(created.getMetadata().getUid());

    assertThat(client.namespaces().withName("short-lived").delete()).hasSize(1);
    Namespace after = client.namespaces().withName("short-lived").get();
    if (after != null) {
      assertThat(after.getStatus().getPhase()).isEqualTo("Terminating");
    }
  }

  @Test
  @DisplayName("namespace lifecycle: default exists and cannot be deleted (403); a Foo in a missing namespace is 404")
  void namespaceLifecycle() {
    KubernetesClientException forbidden = catchThrowableOfType(KubernetesClientException.class,
        () -> client.namespaces().withName("default").delete());
    KubernetesClientException missing = catchThrowableOfType(KubernetesClientException.class,
        () -> foos().inNamespace("no-such-namespace").resource(foo("orphan", "m")).create());

    assertThat(client.namespaces().withName("default").get()).isNotNull();
    assertThat(forbidden).isNotNull();
    assertThat(forbidden.getCode()).isEqualTo(403);
    assertThat(client.namespaces().withName("default").get().getStatus().getPhase()).isEqualTo("Active");
    assertThat(missing).isNotNull();
    assertThat(missing.getCode()).isEqualTo(404);
    assertThat(missing.getStatus().getMessage()).isEqualTo("namespaces \"no-such-namespace\" not found");
  }
}
