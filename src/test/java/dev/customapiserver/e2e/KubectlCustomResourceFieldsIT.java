package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** kubectl explain, unknown-field reports and server-side apply on a CRD's objects, against {@code java -jar custom-apiserver.war}. */
@DisplayName("kubectl with a CRD's schema: explain, unknown fields, server-side apply")
class KubectlCustomResourceFieldsIT extends KubectlServerTest {
  static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: crontabs.stable.example.com
      spec:
        group: stable.example.com
        scope: Namespaced
        names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct]}
        versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                description: A CronTab runs an image on a schedule.
                properties:
                  spec:
                    type: object
                    description: What to run and when.
                    properties:
                      cronSpec: {type: string, description: "When to run, in cron syntax."}
                      image: {type: string, description: The container image to run.}
                      %s
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
      """;

  static String cronTab(String name, String spec) {
    return "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: " + name + "}\nspec: " + spec + "\n";
  }

  @Test
  @DisplayName("kubectl explain reads the schema (OpenAPI v3 and v2) and sees a changed CRD at once")
  void explain() throws Exception {
    ok(kubectl.runWithInput(CRD.formatted(""), "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));

    String v3 = ok(kubectl.run("explain", "crontabs.spec")).out();
    assertThat(v3).contains("GROUP:      stable.example.com").contains("KIND:       CronTab").contains("VERSION:    v1")
        .contains("FIELD: spec <Object>").contains("What to run and when.")
        .contains("cronSpec\t<string>").contains("When to run, in cron syntax.").contains("ports\t<[]Object>");
    String v2 = ok(kubectl.run("explain", "ct", "--output=plaintext-openapiv2")).out();
    assertThat(v2).contains("KIND:     CronTab").contains("VERSION:  stable.example.com/v1")
        .contains("A CronTab runs an image on a schedule.").contains("metadata\t<Object>").contains("spec\t<Object>");

    ok(kubectl.runWithInput(CRD.formatted("timezone: {type: string, description: The time zone of cronSpec.}"), "apply", "-f", "-"));
    Kubectl.Result r = null;
    for (int i = 0; i < 100; i++) { // the controller re-serves the CRD in the background
      r = kubectl.run("explain", "crontabs.spec.timezone");
      if (r.ok()) {
        break;
      }
      Thread.sleep(100);
    }
    assertThat(ok(r).out()).contains("FIELD: timezone <string>").contains("The time zone of cronSpec.");
  }

  @Test
  @DisplayName("unknown fields: kubectl's default (Strict) refuses them, --validate=warn warns and prunes, --validate=false prunes silently")
  void unknownFields() throws Exception {
    ok(kubectl.runWithInput(CRD.formatted(""), "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));
    String withFoo = cronTab("typo", "{cronSpec: '* * * * */5', image: img, foo: 1}");

    assertThat(fails(kubectl.runWithInput(withFoo, "apply", "-f", "-")).err())
        .contains("Error from server (BadRequest): error when creating \"STDIN\": CronTab in version \"v1\" cannot be handled"
            + " as a CronTab: strict decoding error: unknown field \"spec.foo\"");
    Kubectl.Result warned = ok(kubectl.runWithInput(withFoo, "apply", "--validate=warn", "-f", "-"));
    assertThat(warned.err()).contains("Warning: unknown field \"spec.foo\"");
    assertThat(warned.out()).contains("crontab.stable.example.com/typo created");
    assertThat(ok(kubectl.run("get", "ct", "typo", "-o", "jsonpath={.spec}")).out()).doesNotContain("foo");

    Kubectl.Result silent = ok(kubectl.runWithInput(cronTab("quiet", "{image: img, foo: 1}"), "create", "--validate=false", "-f", "-"));
    assertThat(silent.err()).doesNotContain("Warning");
  }

  @Test
  @DisplayName("server-side apply: two managers own different entries of a map-list; the other's entry is a conflict; "
      + "an undeclared field is refused")
  void serverSideApply() throws Exception {
    ok(kubectl.runWithInput(CRD.formatted(""), "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));

    ok(kubectl.runWithInput(cronTab("shared", "{ports: [{name: http, port: 80}]}"), "apply", "--server-side", "--field-manager=alice", "-f", "-"));
    ok(kubectl.runWithInput(cronTab("shared", "{ports: [{name: metrics, port: 9090}]}"), "apply", "--server-side", "--field-manager=bob", "-f", "-"));
    assertThat(ok(kubectl.run("get", "ct", "shared", "-o", "jsonpath={.spec.ports[*].name}")).out()).isEqualTo("http metrics");

    Kubectl.Result conflict = fails(kubectl.runWithInput(cronTab("shared", "{ports: [{name: metrics, port: 9090}, {name: http, port: 8080}]}"),
        "apply", "--server-side", "--field-manager=bob", "-f", "-"));
    assertThat(conflict.err()).contains("error: Apply failed with 1 conflict: conflict with \"alice\": .spec.ports[name=\"http\"].port");
    ok(kubectl.runWithInput(cronTab("shared", "{ports: [{name: metrics, port: 9090}, {name: http, port: 8080}]}"),
        "apply", "--server-side", "--field-manager=bob", "--force-conflicts", "-f", "-"));
    assertThat(ok(kubectl.run("get", "ct", "shared", "-o", "jsonpath={.spec.ports[?(@.name==\"http\")].port}")).out()).isEqualTo("8080");

    assertThat(fails(kubectl.runWithInput(cronTab("shared", "{image: img, foo: 1}"), "apply", "--server-side", "-f", "-")).err())
        .contains("Error from server (BadRequest): failed to create typed patch object (default/shared; stable.example.com/v1,"
            + " Kind=CronTab): .spec.foo: field not declared in schema");
  }
}
