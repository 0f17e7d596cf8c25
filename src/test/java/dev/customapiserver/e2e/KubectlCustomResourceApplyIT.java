package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code kubectl apply} of a custom resource that already exists, client-side and server-side, with
 * the kubectl on PATH (1.32) and the oldest and newest we support beside it (1.27 reads OpenAPI v2 to
 * choose its patch type, the newer ones v3). Client-side apply must send a JSON merge patch, as it
 * does to kube-apiserver, whose OpenAPI for custom resources lists no strategic merge patch.
 */
@DisplayName("kubectl apply of a changed custom resource: client-side and server-side, kubectl 1.27, 1.32 and 1.33")
class KubectlCustomResourceApplyIT extends KubectlServerTest {
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
                properties:
                  spec:
                    type: object
                    properties:
                      cronSpec: {type: string}
                      image: {type: string}
                      replicas: {type: integer}
      """;

  static String cronTab(String name, String spec) {
    return "apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata: {name: " + name + "}\nspec: " + spec + "\n";
  }

  /** The kubectl of {@code version}: {@code default} is the one on PATH. */
  static Kubectl kubectl(String version) throws Exception {
    return version.equals("default") ? kubectl : KubectlSkewIT.kubectl(version);
  }

  @ParameterizedTest(name = "kubectl {0}")
  @ValueSource(strings = {"default", "1.27", "1.33"})
  @DisplayName("apply, change a field, apply again (a merge patch: configured, the change and a removed field visible); "
      + "apply --server-side twice")
  void applyTwice(String version) throws Exception {
    Kubectl k = kubectl(version);
    ok(k.runWithInput(CRD, "apply", "-f", "-"));
    ok(k.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));
    String ns = "apply-" + version.replace('.', '-');
    ok(k.run("create", "namespace", ns));

    assertThat(ok(k.runWithInput(cronTab("csa", "{cronSpec: '* * * * */5', image: cron:1, replicas: 1}"),
        "apply", "-n", ns, "-f", "-")).out()).contains("crontab.stable.example.com/csa created");
    assertThat(ok(k.runWithInput(cronTab("csa", "{cronSpec: '* * * * */5', image: cron:2, replicas: 1}"),
        "apply", "-n", ns, "-f", "-")).out()).contains("crontab.stable.example.com/csa configured");
    String yaml = ok(k.run("get", "crontab", "csa", "-n", ns, "-o", "yaml")).out();
    assertThat(yaml).contains("image: cron:2").contains("replicas: 1").doesNotContain("cron:1");
    assertThat(ok(k.runWithInput(cronTab("csa", "{cronSpec: '* * * * */5', image: cron:3}"),
        "apply", "-n", ns, "-f", "-")).out()).contains("crontab.stable.example.com/csa configured");
    yaml = ok(k.run("get", "crontab", "csa", "-n", ns, "-o", "yaml")).out();
    assertThat(yaml).contains("image: cron:3").doesNotContain("replicas:");

    assertThat(ok(k.runWithInput(cronTab("ssa", "{cronSpec: '* * * * */5', image: cron:1}"),
        "apply", "--server-side", "-n", ns, "-f", "-")).out()).contains("crontab.stable.example.com/ssa serverside-applied");
    assertThat(ok(k.runWithInput(cronTab("ssa", "{cronSpec: '* * * * */5', image: cron:2}"),
        "apply", "--server-side", "-n", ns, "-f", "-")).out()).contains("crontab.stable.example.com/ssa serverside-applied");
    assertThat(ok(k.run("get", "crontab", "ssa", "-n", ns, "-o", "yaml")).out()).contains("image: cron:2")
        .doesNotContain("cron:1");
  }
}
