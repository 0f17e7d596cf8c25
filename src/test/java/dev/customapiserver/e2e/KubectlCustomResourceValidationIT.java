package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What kubectl prints when a custom resource is refused, as against kube-apiserver 1.36: list-type
 * map and set duplicates, unknown fields with {@code --validate=strict} and {@code warn} (kubectl 1.27,
 * 1.32 and 1.33), and CEL rule failures (an object's value omitted, a scalar's shown).
 */
@DisplayName("kubectl and custom resource validation: list-type duplicates, unknown fields, CEL messages as kube prints them")
class KubectlCustomResourceValidationIT extends KubectlServerTest {
  static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.valid.example.com
      spec:
        group: valid.example.com
        scope: Namespaced
        names: {plural: widgets, singular: widget, kind: Widget}
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  x-kubernetes-validations:
                  - rule: "!has(self.minReplicas) || !has(self.replicas) || self.minReplicas <= self.replicas"
                    message: minReplicas must not exceed replicas
                  properties:
                    replicas: {type: integer}
                    minReplicas: {type: integer}
                    tier:
                      type: string
                      x-kubernetes-validations:
                      - {rule: "self == oldSelf", message: tier is immutable}
                    ports:
                      type: array
                      x-kubernetes-list-type: map
                      x-kubernetes-list-map-keys: [name]
                      items:
                        type: object
                        required: [name]
                        properties:
                          name: {type: string}
                          port: {type: integer}
                    tags:
                      type: array
                      x-kubernetes-list-type: set
                      items: {type: string}
      """;

  static String widget(String metadata, String spec) {
    return "apiVersion: valid.example.com/v1\nkind: Widget\nmetadata: " + metadata + "\nspec: " + spec + "\n";
  }

  @BeforeAll
  static void defineWidgets() throws Exception {
    ok(kubectl.runWithInput(CRD, "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/widgets.valid.example.com", "--timeout=60s"));
  }

  @Test
  @DisplayName("a repeated key of a list-type map and a repeated item of a set: one Duplicate value line each")
  void listTypeDuplicates() throws Exception {
    Kubectl.Result r = fails(kubectl.runWithInput(widget("{name: dups}",
        "{ports: [{name: http, port: 80}, {name: http, port: 81}], tags: [a, b, a]}"), "create", "-f", "-"));
    assertThat(r.err()).isEqualTo("""
        The Widget "dups" is invalid: \n\
        * spec.ports[1]: Duplicate value: {"name":"http"}
        * spec.tags[2]: Duplicate value: "a"
        """);
  }

  @ParameterizedTest(name = "kubectl {0}")
  @ValueSource(strings = {"default", "1.27", "1.33"})
  @DisplayName("unknown fields: --validate=strict one error naming each in kube's order, --validate=warn one warning each")
  void unknownFields(String version) throws Exception {
    Kubectl k = version.equals("default") ? kubectl : KubectlSkewIT.kubectl(version);
    String body = widget("{name: unknown-" + version.replace('.', '-') + ", zzz: 1, aaa: 2}",
        "{zeta: 1, ports: [{name: a, extra: 1}], alpha: 2}") + "top: 3\n";
    Kubectl.Result strict = fails(k.runWithInput(body, "create", "--validate=strict", "-f", "-"));
    assertThat(strict.err()).isEqualTo("Error from server (BadRequest): error when creating \"STDIN\": Widget in version \"v1\" "
        + "cannot be handled as a Widget: strict decoding error: unknown field \"metadata.aaa\", unknown field \"metadata.zzz\", "
        + "unknown field \"spec.alpha\", unknown field \"spec.ports[0].extra\", unknown field \"spec.zeta\", unknown field \"top\"\n");
    Kubectl.Result warned = ok(k.runWithInput(body, "create", "--validate=warn", "-f", "-"));
    assertThat(warned.err()).isEqualTo("""
        Warning: unknown field "metadata.aaa"
        Warning: unknown field "metadata.zzz"
        Warning: unknown field "spec.alpha"
        Warning: unknown field "spec.ports[0].extra"
        Warning: unknown field "spec.zeta"
        Warning: unknown field "top"
        """);
  }

  @Test
  @DisplayName("kubectl patch --type=json that does not apply: the json-patch library's words, as kube's 422 gives them")
  void jsonPatchFailures() throws Exception {
    ok(kubectl.runWithInput(widget("{name: patched}", "{tier: gold}"), "create", "-f", "-"));
    assertThat(fails(kubectl.run("patch", "widget", "patched", "--type=json", "-p",
        "[{\"op\":\"remove\",\"path\":\"/spec/nope\"}]")).err()).isEqualTo(
        "The request is invalid: : error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value\n");
    assertThat(fails(kubectl.run("patch", "widget", "patched", "--type=json", "-p",
        "[{\"op\":\"add\",\"path\":\"/spec/a/b\",\"value\":1}]")).err()).isEqualTo(
        "The request is invalid: : add operation does not apply: doc is missing path: \"/spec/a/b\": missing value\n");
  }

  @Test
  @DisplayName("CEL: an object's rule prints no value, a scalar's rule prints the value")
  void celMessages() throws Exception {
    assertThat(fails(kubectl.runWithInput(widget("{name: cel}", "{replicas: 1, minReplicas: 2}"), "create", "-f", "-")).err())
        .isEqualTo("The Widget \"cel\" is invalid: spec: Invalid value: minReplicas must not exceed replicas\n");
    ok(kubectl.runWithInput(widget("{name: tiered}", "{tier: gold}"), "create", "-f", "-"));
    assertThat(fails(kubectl.run("patch", "widget", "tiered", "--type=merge", "-p", "{\"spec\":{\"tier\":\"silver\"}}")).err())
        .isEqualTo("The Widget \"tiered\" is invalid: spec.tier: Invalid value: \"silver\": tier is immutable\n");
  }
}
