package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The CronTab example of the Kubernetes documentation, through kubectl against {@code java -jar custom-apiserver.war}. */
@DisplayName("kubectl with a CustomResourceDefinition: the docs' CronTab")
class KubectlCustomResourcesIT extends KubectlServerTest {
  static final String CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        # name must match the spec fields below, and be in the form: <plural>.<group>
        name: crontabs.stable.example.com
      spec:
        group: stable.example.com
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
                      cronSpec:
                        type: string
                      image:
                        type: string
                      replicas:
                        type: integer
        scope: Namespaced
        names:
          plural: crontabs
          singular: crontab
          kind: CronTab
          shortNames:
          - ct
      """;

  static String cronTab(String name) {
    return """
        apiVersion: "stable.example.com/v1"
        kind: CronTab
        metadata:
          name: %s
        spec:
          cronSpec: "* * * * */5"
          image: my-awesome-cron-image
        """.formatted(name);
  }

  @Test
  @DisplayName("apply the CRD, apply a CronTab, get ct, get crontabs -w, delete; deleting the CRD removes the type")
  void cronTab() throws Exception {
    assertThat(ok(kubectl.runWithInput(CRD, "apply", "-f", "-")).out())
        .contains("customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created");
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));

    assertThat(ok(kubectl.runWithInput(cronTab("my-new-cron-object"), "apply", "-f", "-")).out())
        .contains("crontab.stable.example.com/my-new-cron-object created");
    String got = ok(kubectl.run("get", "ct")).out();
    assertThat(got).contains("NAME").contains("my-new-cron-object");
    assertThat(ok(kubectl.run("get", "crontab", "my-new-cron-object", "-o", "jsonpath={.spec.cronSpec}")).out())
        .isEqualTo("* * * * */5");
    assertThat(ok(kubectl.runWithInput(cronTab("my-new-cron-object"), "apply", "-f", "-")).out())
        .contains("crontab.stable.example.com/my-new-cron-object unchanged");

    Process watch = kubectl.start("get", "crontabs", "-w");
    try {
      BlockingQueue<String> q = KubectlWatchIT.lines(watch);
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("NAME");
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("my-new-cron-object");
      ok(kubectl.runWithInput(cronTab("second"), "apply", "-f", "-"));
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("second");
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }

    assertThat(ok(kubectl.run("delete", "ct", "second")).out()).contains("crontab.stable.example.com \"second\" deleted");
    assertThat(ok(kubectl.run("get", "crds")).out()).contains("crontabs.stable.example.com");

    ok(kubectl.run("delete", "crd", "crontabs.stable.example.com", "--timeout=60s"));
    // kubectl's discovery cache may still name the type (then the list is 404) or already not
    Kubectl.Result gone = fails(kubectl.run("get", "crontabs"));
    assertThat(gone.err()).containsAnyOf("the server could not find the requested resource",
        "the server doesn't have a resource type \"crontabs\"");
    assertThat(ok(kubectl.run("api-resources", "--api-group=stable.example.com")).out()).doesNotContain("crontabs");
  }

  static final String WIDE_CRD = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: crontabs.wide.example.com
      spec:
        group: wide.example.com
        scope: Namespaced
        names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct, cts], categories: [all, jobs]}
        versions:
        - name: v1
          served: true
          storage: true
          subresources:
            status: {}
            scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
          schema:
            openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
      """;

  /** {@code kubectl api-resources -o wide} for the wide.example.com group, by each kubectl and by legacy discovery. */
  static void apiResourcesPrint(String expected) throws Exception {
    for (Kubectl k : List.of(kubectl, KubectlSkewIT.kubectl("1.27"), KubectlSkewIT.kubectl("1.33"))) {
      assertThat(ok(k.run("api-resources", "--api-group=wide.example.com", "-o", "wide")).out()).isEqualTo(expected);
    }
    // without aggregated discovery kubectl reads /apis/wide.example.com/v1 (the legacy APIResourceList)
    assertThat(ok(kubectl.runWithEnv(Map.of("KUBECTL_AGGREGATED_DISCOVERY", "false"), null,
        "api-resources", "--api-group=wide.example.com", "-o", "wide")).out()).isEqualTo(expected);
  }

  @Test
  @DisplayName("kubectl api-resources -o wide: kube's verbs order, short names, categories; only read and delete verbs while Terminating")
  void apiResourcesWide() throws Exception {
    ok(kubectl.runWithInput(WIDE_CRD, "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.wide.example.com", "--timeout=60s"));
    apiResourcesPrint("""
        NAME       SHORTNAMES   APIVERSION            NAMESPACED   KIND      VERBS                                                        CATEGORIES
        crontabs   ct,cts       wide.example.com/v1   true         CronTab   delete,deletecollection,get,list,patch,create,update,watch   all,jobs
        """);

    ok(kubectl.runWithInput("apiVersion: wide.example.com/v1\nkind: CronTab\nmetadata: {name: held, finalizers: [example.com/hold]}\n",
        "apply", "-f", "-"));
    ok(kubectl.run("delete", "crd", "crontabs.wide.example.com", "--wait=false"));
    ok(kubectl.run("wait", "--for=condition=Terminating", "crd/crontabs.wide.example.com", "--timeout=60s"));
    apiResourcesPrint("""
        NAME       SHORTNAMES   APIVERSION            NAMESPACED   KIND      VERBS                                    CATEGORIES
        crontabs   ct,cts       wide.example.com/v1   true         CronTab   delete,deletecollection,get,list,watch   all,jobs
        """);
    assertThat(fails(kubectl.runWithInput("apiVersion: wide.example.com/v1\nkind: CronTab\nmetadata: {name: late}\n",
        "create", "-f", "-")).err()).isEqualTo("Error from server (Forbidden): error when creating \"STDIN\": crontabs.wide.example.com "
        + "\"late\" is forbidden: create not allowed while custom resource definition is terminating\n");

    ok(kubectl.run("patch", "ct", "held", "--type=merge", "-p", "{\"metadata\":{\"finalizers\":null}}"));
    ok(kubectl.run("wait", "--for=delete", "crd/crontabs.wide.example.com", "--timeout=60s"));
  }

  static String gizmo(String name, String tier) {
    return "apiVersion: sel.example.com/v1\nkind: Gizmo\nmetadata: {name: " + name + ", labels: {tier: " + tier + "}}\n"
        + "spec: {size: 1}\n";
  }

  @Test
  @DisplayName("kubectl get -l -w (a watch resumed from the list's resourceVersion): entering ADDED, leaving DELETED with the selected state")
  void selectedWatch() throws Exception {
    ok(kubectl.runWithInput("""
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: gizmos.sel.example.com}
        spec:
          group: sel.example.com
          scope: Namespaced
          names: {plural: gizmos, singular: gizmo, kind: Gizmo}
          versions:
          - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
        """, "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/gizmos.sel.example.com", "--timeout=60s"));
    ok(kubectl.runWithInput(gizmo("a", "web"), "apply", "-f", "-"));
    Process watch = kubectl.start("get", "gizmos", "-l", "tier=web", "-w", "--output-watch-events",
        "-o", "jsonpath={.type} {.object.metadata.name} {.object.metadata.labels.tier} {.object.spec.size}{\"\\n\"}");
    try {
      BlockingQueue<String> q = KubectlWatchIT.lines(watch);
      assertThat(KubectlWatchIT.nextLine(q)).isEqualTo("ADDED a web 1");
      ok(kubectl.runWithInput(gizmo("b", "db"), "apply", "-f", "-"));
      ok(kubectl.run("label", "gizmo", "b", "tier=web", "--overwrite"));
      ok(kubectl.run("patch", "gizmo", "a", "--type=merge", "-p", "{\"spec\":{\"size\":2}}"));
      ok(kubectl.run("label", "gizmo", "a", "tier=db", "--overwrite"));
      ok(kubectl.run("delete", "gizmo", "b"));
      ok(kubectl.run("delete", "gizmo", "a"));
      ok(kubectl.runWithInput(gizmo("c", "web"), "apply", "-f", "-"));
      List<String> events = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        events.add(KubectlWatchIT.nextLine(q));
      }
      assertThat(events).containsExactly("ADDED b web 1", "MODIFIED a web 2", "DELETED a web 2", "DELETED b web 1", "ADDED c web 1");
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  @DisplayName("kubectl delete: 'deleted' when the server answers its Success Status, and when a finalizer keeps the object")
  void deleteAnswers() throws Exception {
    String crd = CRD.replace("stable.example.com", "held.example.com").replace("- ct", "- hct");
    ok(kubectl.runWithInput(crd, "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.held.example.com", "--timeout=60s"));
    String held = cronTab("held").replace("stable.example.com", "held.example.com")
        .replace("  name: held\n", "  name: held\n  finalizers: [example.com/hold]\n");
    ok(kubectl.runWithInput(held, "apply", "-f", "-"));
    ok(kubectl.runWithInput(cronTab("gone").replace("stable.example.com", "held.example.com"), "apply", "-f", "-"));

    assertThat(ok(kubectl.run("delete", "crontabs.held.example.com", "gone")).out())
        .contains("crontab.held.example.com \"gone\" deleted");
    // kubectl would wait for the finalizer to go; --wait=false returns with the object marked as deleting
    assertThat(ok(kubectl.run("delete", "crontabs.held.example.com", "held", "--wait=false")).out())
        .contains("crontab.held.example.com \"held\" deleted");
    assertThat(ok(kubectl.run("get", "crontabs.held.example.com", "held", "-o", "jsonpath={.metadata.deletionTimestamp}")).out())
        .isNotBlank();
    ok(kubectl.run("patch", "crontabs.held.example.com", "held", "--type=merge", "-p", "{\"metadata\":{\"finalizers\":null}}"));
    ok(kubectl.run("delete", "crd", "crontabs.held.example.com", "--timeout=60s"));
  }
}
