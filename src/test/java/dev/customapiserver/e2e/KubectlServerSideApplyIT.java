package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code kubectl apply --server-side} and {@code kubectl diff} against {@code java -jar custom-apiserver.war}. */
@DisplayName("kubectl server-side apply and diff against the running server")
class KubectlServerSideApplyIT extends KubectlServerTest {
  static Kubectl.Result apply(String yaml, String... flags) throws Exception {
    String[] args = new String[flags.length + 4];
    args[0] = "apply";
    args[1] = "--server-side";
    System.arraycopy(flags, 0, args, 2, flags.length);
    args[flags.length + 2] = "-f";
    args[flags.length + 3] = "-";
    return kubectl.runWithInput(yaml, args);
  }

  static String foo(String name, String image, String config) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name + "\nspec:\n  image: " + image
        + "\n  config:\n" + config;
  }

  static String get(String kindName, String jsonpath) throws Exception {
    return ok(kubectl.run("get", kindName, "-o", "jsonpath=" + jsonpath)).out();
  }

  @Test
  @DisplayName("a Foo is created, updated and left alone by repeated server-side applies, owned by the kubectl manager")
  void createUpdateNoop() throws Exception {
    assertThat(ok(apply(foo("ssa", "busybox:1", "    msg: one\n"))).out()).contains("foo.hello.zeng.dev/ssa serverside-applied");
    assertThat(get("foo/ssa", "{.metadata.managedFields[0].manager} {.metadata.managedFields[0].operation}"))
        .isEqualTo("kubectl Apply");
    String rv = get("foo/ssa", "{.metadata.resourceVersion}");
    ok(apply(foo("ssa", "busybox:1", "    msg: one\n")));
    assertThat(get("foo/ssa", "{.metadata.resourceVersion}")).as("an unchanged apply writes nothing").isEqualTo(rv);
    ok(apply(foo("ssa", "busybox:2", "    msg: two\n")));
    assertThat(get("foo/ssa", "{.spec.image} {.spec.config.msg}")).isEqualTo("busybox:2 two");
  }

  @Test
  @DisplayName("a second manager's change to an owned field is a conflict kubectl shows; --force-conflicts takes it over")
  void conflictAndForce() throws Exception {
    ok(apply(foo("owned", "busybox:1", "    msg: one\n")));
    Kubectl.Result r = apply(foo("owned", "nginx:1", "    msg: one\n"), "--field-manager=ops");
    assertThat(r.exitCode()).as(r.toString()).isNotZero();
    assertThat(r.err()).contains("Apply failed with 1 conflict: conflict with \"kubectl\": .spec.image", "--force-conflicts");
    assertThat(get("foo/owned", "{.spec.image}")).isEqualTo("busybox:1");
    ok(apply(foo("owned", "nginx:1", "    msg: one\n"), "--field-manager=ops", "--force-conflicts"));
    assertThat(get("foo/owned", "{.spec.image}")).isEqualTo("nginx:1");
    assertThat(get("foo/owned", "{.metadata.managedFields[?(@.manager==\"ops\")].fieldsV1}")).contains("f:image");
    assertThat(get("foo/owned", "{.metadata.managedFields[?(@.manager==\"kubectl\")].fieldsV1}")).doesNotContain("f:image");
  }

  @Test
  @DisplayName("a field left out of the next apply is removed; an update by kubectl patch is a conflict for the applier")
  void removalAndUpdateManagers() throws Exception {
    ok(apply(foo("shrink", "busybox:1", "    msg: one\n    msg1: extra\n")));
    ok(apply(foo("shrink", "busybox:1", "    msg: one\n")));
    assertThat(get("foo/shrink", "{.spec.config}")).isEqualTo("{\"msg\":\"one\"}");
    ok(kubectl.run("patch", "foo", "shrink", "--type", "merge", "-p", "{\"spec\":{\"image\":\"patched\"}}"));
    Kubectl.Result r = apply(foo("shrink", "busybox:1", "    msg: one\n"));
    assertThat(r.err()).contains("conflict with \"kubectl-patch\" using hello.zeng.dev/v2: .spec.image");
  }

  @Test
  @DisplayName("kubectl diff shows what a server-side or client-side apply would change, and changes nothing")
  void diff() throws Exception {
    ok(apply(foo("diffed", "busybox:1", "    msg: one\n")));
    Kubectl.Result d = kubectl.runWithInput(foo("diffed", "busybox:2", "    msg: one\n"), "diff", "--server-side", "-f", "-");
    assertThat(d.exitCode()).as(d.toString()).isEqualTo(1);
    assertThat(d.out()).contains("-  image: busybox:1", "+  image: busybox:2");
    assertThat(kubectl.runWithInput(foo("diffed", "busybox:1", "    msg: one\n"), "diff", "--server-side", "-f", "-").exitCode())
        .as("no difference").isZero();
    Kubectl.Result created = kubectl.runWithInput(foo("not-yet", "busybox:1", "    msg: one\n"), "diff", "--server-side", "-f", "-");
    assertThat(created.out()).contains("+  image: busybox:1");
    Kubectl.Result csa = kubectl.runWithInput(foo("diffed", "busybox:3", "    msg: one\n"), "diff", "-f", "-");
    assertThat(csa.out()).contains("+  image: busybox:3");
    assertThat(get("foo/diffed", "{.spec.image}")).isEqualTo("busybox:1");
    assertThat(kubectl.run("get", "foo", "not-yet").exitCode()).isNotZero();
  }

  @Test
  @DisplayName("an object applied client-side moves to server-side apply: kubectl takes over and later removals work")
  void fromClientSideApply() throws Exception {
    String v1 = foo("migrated", "busybox:1", "    msg: one\n    msg1: extra\n");
    ok(kubectl.runWithInput(v1, "apply", "-f", "-"));
    assertThat(get("foo/migrated", "{.metadata.managedFields[0].manager}")).isEqualTo("kubectl-client-side-apply");
    ok(apply(foo("migrated", "busybox:2", "    msg: one\n    msg1: extra\n")));
    ok(apply(foo("migrated", "busybox:2", "    msg: one\n")));
    assertThat(get("foo/migrated", "{.spec.image} {.spec.config}")).isEqualTo("busybox:2 {\"msg\":\"one\"}");
    assertThat(get("foo/migrated", "{.metadata.managedFields[*].manager}")).doesNotContain("kubectl-client-side-apply");
  }

  @Test
  @DisplayName("Pizza toppings merge by name: managers own their own toppings, conflict on a shared one, and drop theirs")
  void pizzaToppings() throws Exception {
    String toppings = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata:\n  name: salami\nspec:\n  cost: 1.5\n---\n"
        + "apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata:\n  name: cheese\nspec:\n  cost: 1\n";
    ok(apply(toppings));
    String head = "apiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata:\n  name: ssa-pizza\nspec:\n  toppings:\n";
    ok(apply(head + "  - name: salami\n    quantity: 2\n"));
    ok(apply(head + "  - name: cheese\n    quantity: 1\n", "--field-manager=chef"));
    assertThat(get("pizza/ssa-pizza", "{.spec.toppings[*].name}")).isEqualTo("salami cheese");
    Kubectl.Result r = apply(head + "  - name: salami\n    quantity: 3\n", "--field-manager=chef");
    assertThat(r.err()).contains("Apply failed with 1 conflict: conflict with \"kubectl\": .spec.toppings[name=\"salami\"].quantity");
    ok(apply(head + "  - name: salami\n    quantity: 2\n  - name: cheese\n    quantity: 1\n"));
    ok(apply(head + "  - name: salami\n    quantity: 2\n", "--field-manager=chef"));
    assertThat(get("pizza/ssa-pizza", "{.spec.toppings[*].name}")).as("kubectl still applies cheese").isEqualTo("salami cheese");
    ok(apply(head + "  - name: salami\n    quantity: 2\n"));
    assertThat(get("pizza/ssa-pizza", "{.spec.toppings[*].name}")).isEqualTo("salami");
  }
}
