package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * kubectl against {@code java -jar custom-apiserver.war} with a CRD that has the scale subresource,
 * printer columns (one only with {@code -o wide}) and a deprecated version.
 */
@DisplayName("kubectl with a CRD: scale, printer columns, -o wide, get crd, deprecated versions")
class KubectlCrdScaleAndColumnsIT extends KubectlServerTest {
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
          - name: v1beta1
            served: true
            storage: false
            deprecated: true
            schema: &schema
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      cronSpec: {type: string}
                      image: {type: string}
                      replicas: {type: integer, default: 1}
                  status:
                    type: object
                    properties:
                      replicas: {type: integer}
                      labelSelector: {type: string}
            subresources: &subresources
              status: {}
              scale:
                specReplicasPath: .spec.replicas
                statusReplicasPath: .status.replicas
                labelSelectorPath: .status.labelSelector
            additionalPrinterColumns: &columns
              - {name: Spec, type: string, jsonPath: .spec.cronSpec}
              - {name: Replicas, type: integer, jsonPath: .spec.replicas}
              - {name: Image, type: string, priority: 1, jsonPath: .spec.image}
              - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
          - name: v1
            served: true
            storage: true
            schema: *schema
            subresources: *subresources
            additionalPrinterColumns: *columns
      """;
  static final String CRON_TAB = """
      apiVersion: stable.example.com/v1
      kind: CronTab
      metadata: {name: web}
      spec: {cronSpec: "* * * * */5", image: my-awesome-cron-image}
      """;

  static List<String> header(String table) {
    return Arrays.asList(table.lines().findFirst().orElse("").trim().split("\\s{2,}"));
  }

  @Test
  @DisplayName("kubectl scale sets the replicas; get shows the columns (Image only with -o wide); get crd shows NAME and "
      + "CREATED AT; the deprecated version prints kube's warning")
  void scaleColumnsDeprecation() throws Exception {
    ok(kubectl.runWithInput(CRD, "apply", "-f", "-"));
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));
    assertThat(ok(kubectl.runWithInput(CRON_TAB, "apply", "-f", "-")).out())
        .contains("crontab.stable.example.com/web created");

    assertThat(ok(kubectl.run("scale", "crontab/web", "--replicas=3")).out()).contains("crontab.stable.example.com/web scaled");
    assertThat(ok(kubectl.run("get", "crontab", "web", "-o", "jsonpath={.spec.replicas}")).out()).isEqualTo("3");
    assertThat(ok(kubectl.run("get", "--raw", "/apis/stable.example.com/v1/namespaces/default/crontabs/web/scale")).out())
        .contains("\"kind\":\"Scale\"").contains("\"replicas\":3");

    String table = ok(kubectl.run("get", "crontabs")).out();
    assertThat(header(table)).containsExactly("NAME", "SPEC", "REPLICAS", "AGE");
    assertThat(table.lines().skip(1).findFirst().orElseThrow()).matches("web\\s+\\* \\* \\* \\* \\*/5\\s+3\\s+\\d+s");
    String wide = ok(kubectl.run("get", "crontabs", "-o", "wide")).out();
    assertThat(header(wide)).containsExactly("NAME", "SPEC", "REPLICAS", "IMAGE", "AGE");
    assertThat(wide).contains("my-awesome-cron-image");

    String crds = ok(kubectl.run("get", "crd")).out();
    assertThat(header(crds)).containsExactly("NAME", "CREATED AT");
    assertThat(crds).containsPattern("crontabs\\.stable\\.example\\.com\\s+\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");

    Kubectl.Result old = ok(kubectl.run("get", "crontabs.v1beta1.stable.example.com"));
    assertThat(old.err()).contains(
        "Warning: stable.example.com/v1beta1 CronTab is deprecated; use stable.example.com/v1 CronTab");
    assertThat(old.out()).contains("web");
    assertThat(ok(kubectl.run("get", "crontabs")).err()).doesNotContain("deprecated");
  }
}
