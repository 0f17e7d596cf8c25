package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A user's kubectl session against {@code java -jar custom-apiserver.war}, over HTTPS with the generated kubeconfig. */
@DisplayName("kubectl against the running server")
class KubectlIT extends KubectlServerTest {
  static String manifest(String name) throws Exception {
    return Files.readString(Path.of("src/test/resources/e2e", name));
  }

  @Test
  @DisplayName("an empty namespace says No resources found; api-resources lists every built-in kind")
  void emptyAndDiscovery() throws Exception {
    assertThat(ok(kubectl.run("get", "jenkinsservices", "-n", "nobody-here")).err())
        .contains("No resources found in nobody-here namespace.");
    String resources = ok(kubectl.run("api-resources")).out();
    assertThat(resources).contains("foos", "fo", "hello.zeng.dev/v2", "flunders", "wardle.example.com/v1beta1", "fischers",
        "pizzas", "toppings", "restaurant.wukong.com/v1beta1", "jenkinsservices", "js", "namespaces", "ns");
  }

  @Test
  @DisplayName("create, get as a table and as YAML, label, patch, replace and delete a Foo")
  void fooLifecycle() throws Exception {
    assertThat(ok(kubectl.runWithInput(manifest("foo-v2.yaml"), "create", "-f", "-")).out()).contains("foo.hello.zeng.dev/hello created");
    String table = ok(kubectl.run("get", "foos")).out();
    assertThat(table.lines().findFirst().orElse("")).matches("NAME\\s+MSG\\s+IMAGE\\s+AGE");
    assertThat(table).containsPattern("hello\\s+hello world\\s+busybox:1.36\\s+\\d+s");
    assertThat(ok(kubectl.run("get", "fo", "hello", "-o", "yaml")).out()).contains("uid: ", "resourceVersion: ", "generation: 1");
    assertThat(ok(kubectl.run("label", "foo", "hello", "team=a")).out()).contains("foo.hello.zeng.dev/hello labeled");
    assertThat(ok(kubectl.run("get", "foos", "-l", "team=a", "-o", "name")).out().trim()).isEqualTo("foo.hello.zeng.dev/hello");
    assertThat(ok(kubectl.run("patch", "foo", "hello", "--type", "merge", "-p", "{\"spec\":{\"config\":{\"msg\":\"merged\"}}}")).out())
        .contains("patched");
    assertThat(ok(kubectl.run("patch", "foo", "hello", "--type", "json", "-p",
        "[{\"op\":\"replace\",\"path\":\"/spec/image\",\"value\":\"nginx:1.27\"}]")).out()).contains("patched");
    String yaml = ok(kubectl.run("get", "foo", "hello", "-o", "yaml")).out();
    assertThat(yaml).contains("msg: merged", "image: nginx:1.27", "generation: 3");
    assertThat(ok(kubectl.runWithInput(yaml.replace("msg: merged", "msg: replaced"), "replace", "-f", "-")).out())
        .contains("foo.hello.zeng.dev/hello replaced");
    assertThat(ok(kubectl.run("get", "foo", "hello", "-o", "jsonpath={.spec.config.msg}")).out()).isEqualTo("replaced");
    assertThat(ok(kubectl.run("delete", "foo", "hello")).out()).contains("foo.hello.zeng.dev \"hello\" deleted");
    assertThat(fails(kubectl.run("get", "foo", "hello")).err())
        .contains("Error from server (NotFound): foos.hello.zeng.dev \"hello\" not found");
  }

  @Test
  @DisplayName("client-side apply creates, leaves unchanged and configures; a v1 object reads through v2")
  void applyAcrossVersions() throws Exception {
    String v1 = manifest("foo-v1.yaml");
    assertThat(ok(kubectl.runWithInput(v1, "apply", "-f", "-")).out()).contains("foo.hello.zeng.dev/legacy created");
    assertThat(ok(kubectl.runWithInput(v1, "apply", "-f", "-")).out()).contains("foo.hello.zeng.dev/legacy unchanged");
    assertThat(ok(kubectl.runWithInput(v1.replace("from v1", "applied again"), "apply", "-f", "-")).out())
        .contains("foo.hello.zeng.dev/legacy configured");
    assertThat(ok(kubectl.run("get", "foos.v2.hello.zeng.dev", "legacy", "-o", "jsonpath={.spec.config.msg} {.spec.image}")).out())
        .isEqualTo("applied again nginx:latest");
    assertThat(ok(kubectl.run("get", "foos.v1.hello.zeng.dev", "legacy", "-o", "jsonpath={.spec.msg}")).out())
        .isEqualTo("applied again");
  }

  @Test
  @DisplayName("bad input reads as kubectl users know it")
  void errors() throws Exception {
    assertThat(fails(kubectl.runWithInput(manifest("foo-invalid.yaml"), "create", "-f", "-")).err())
        .contains("The Foo \"broken\" is invalid: spec.config.msg: Required value");
    assertThat(fails(kubectl.runWithInput(manifest("foo-unknown-field.yaml"), "create", "-f", "-")).err())
        .contains("strict decoding error: unknown field \"spec.colour\"");
    assertThat(fails(kubectl.run("patch", "foo", "nope", "-p", "{}")).err()).contains("not found");
    ok(kubectl.runWithInput(manifest("foo-v2.yaml").replace("name: hello", "name: smp"), "create", "-f", "-"));
    assertThat(fails(kubectl.run("patch", "foo", "smp", "-p", "{\"metadata\":{\"labels\":{\"$patch\":\"explode\"}}}")).err())
        .contains("Error from server (BadRequest): unknown patch type: explode in map: map[$patch:explode]");
    String stale = ok(kubectl.run("get", "foo", "smp", "-o", "yaml")).out();
    ok(kubectl.run("label", "foo", "smp", "x=y"));
    assertThat(fails(kubectl.runWithInput(stale, "replace", "-f", "-")).err()).contains("Error from server (Conflict)",
        "Operation cannot be fulfilled on foos.hello.zeng.dev \"smp\": the object has been modified; "
            + "please apply your changes to the latest version and try again");
    assertThat(fails(kubectl.run("get", "foos", "-l", "a in b")).err()).contains("unable to parse requirement");
  }

  @Test
  @DisplayName("kubectl explain reads the OpenAPI documents")
  void explain() throws Exception {
    String out = ok(kubectl.run("explain", "foos.spec.config")).out();
    assertThat(out).contains("GROUP:      hello.zeng.dev", "VERSION:    v2", "msg\t<string> -required-");
    assertThat(ok(kubectl.run("explain", "foos", "--api-version=hello.zeng.dev/v1", "--recursive")).out()).contains("msg1");
  }

  @Test
  @DisplayName("kubectl explain lists a field's enum values; OpenAPI v3 and v2 carry enums and defaults")
  void explainEnumsAndDefaults() throws Exception {
    assertThat(ok(kubectl.run("explain", "flunders.spec.referenceType", "--api-version=wardle.example.com/v1beta1")).out())
        .contains("FIELD: referenceType <string>\nENUM:\n    Flunder\n    Fischer\n");
    assertThat(ok(kubectl.run("explain", "flunders.spec", "--api-version=wardle.example.com/v1beta1")).out())
        .contains("referenceType\t<string>\n  enum: Flunder, Fischer\n");
    assertThat(ok(kubectl.run("explain", "namespaces.status.phase")).out()).contains("ENUM:\n    Active\n    Terminating\n");
    // kubectl 1.32 prints no default (kubernetes/kubernetes#138238 proposes a DEFAULT: section): the description says it
    assertThat(ok(kubectl.run("explain", "foos.spec.image")).out())
        .contains("FIELD: image <string>", "Defaults to nginx:latest.").doesNotContain("ENUM:");

    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    var v3 = json.readTree(ok(kubectl.run("get", "--raw", "/openapi/v3/apis/hello.zeng.dev/v2")).out());
    assertThat(v3.at("/components/schemas/dev.zeng.hello.v2.FooSpec/properties/image/default").asText()).isEqualTo("nginx:latest");
    var v2 = json.readTree(ok(kubectl.run("get", "--raw", "/openapi/v2")).out()).get("definitions");
    assertThat(v2.at("/dev.zeng.hello.v2.FooSpec/properties/image/default").asText()).isEqualTo("nginx:latest");
    assertThat(v2.at("/com.example.wardle.v1beta1.FlunderSpec/properties/referenceType/enum").toString())
        .isEqualTo("[\"Flunder\",\"Fischer\"]");
    assertThat(v2.at("/io.k8s.api.core.v1.NamespaceSpec/properties/finalizers/default").toString()).isEqualTo("[\"kubernetes\"]");
    assertThat(v2.at("/com.wukong.restaurant.v1beta1.PizzaToppingRef/properties/quantity/default").asInt()).isEqualTo(1);
    assertThat(v2.at("/cicd.group.autobusi.v1alpha.JenkinsServiceSpec/properties/instancecpu/default").asInt()).isEqualTo(1);
  }

  @Test
  @DisplayName("every built-in group works through apply and get with its printer columns")
  void otherGroups() throws Exception {
    for (String file : new String[] {"wardle.yaml", "restaurant.yaml", "jenkins.yaml", "namespace.yaml"}) {
      ok(kubectl.runWithInput(manifest(file), "apply", "-f", "-"));
    }
    assertThat(ok(kubectl.run("get", "flunders")).out()).containsPattern("flo\\s+Fischer\\s+fritz");
    assertThat(ok(kubectl.run("get", "pizzas.v1alpha1.restaurant.wukong.com", "diavola", "-o", "jsonpath={.spec.toppings}")).out())
        .isEqualTo("[\"salami\",\"salami\"]");
    assertThat(ok(kubectl.run("get", "pizza", "diavola", "-o", "jsonpath={.spec.toppings[0].quantity}")).out()).isEqualTo("2");
    assertThat(ok(kubectl.run("get", "js")).out()).containsPattern("ci\\s+2\\s+1\\s+Pending");
    assertThat(ok(kubectl.run("get", "ns", "team-a")).out()).containsPattern("team-a\\s+Active");
    assertThat(ok(kubectl.run("get", "js", "-A")).out().lines().findFirst().orElse("")).startsWith("NAMESPACE");
    ok(kubectl.runWithInput(manifest("wardle.yaml"), "delete", "-f", "-"));
    assertThat(ok(kubectl.run("get", "fischers")).err()).contains("No resources found");
  }

  @Test
  @DisplayName("kubectl create namespace works although kubectl's typed client sends protobuf")
  void createNamespace() throws Exception {
    assertThat(ok(kubectl.run("create", "namespace", "team-b")).out()).contains("namespace/team-b created");
    assertThat(ok(kubectl.run("get", "namespace", "team-b", "-o", "jsonpath={.status.phase} {.spec.finalizers}")).out())
        .isEqualTo("Active [\"kubernetes\"]");
    assertThat(fails(kubectl.run("create", "namespace", "team-b")).err())
        .contains("Error from server (AlreadyExists): namespaces \"team-b\" already exists");
    assertThat(fails(kubectl.run("create", "namespace", "Not_Valid")).err())
        .contains("The Namespace \"Not_Valid\" is invalid: metadata.name: Invalid value: \"Not_Valid\"");
  }

  @Test
  @DisplayName("a wrong token is refused with the Unauthorized kubectl users know")
  void unauthorized() throws Exception {
    String cfg = Files.readString(server.kubeconfig()).replace(server.token(), "not-the-token");
    Path bad = Files.writeString(tmp.resolve("bad-kubeconfig"), cfg);
    Kubectl stranger = new Kubectl(bad, Files.createDirectories(tmp.resolve("stranger-home")));
    assertThat(fails(stranger.run("get", "foos")).err()).contains("You must be logged in to the server");
  }
}
