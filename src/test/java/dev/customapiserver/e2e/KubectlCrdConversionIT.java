package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testing.CronTabConversion;
import dev.customapiserver.testing.WebhookServer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A CronTab CRD in two versions (v1beta1 calls the schedule {@code cronSpec}, v1 {@code schedule}),
 * converted by an HTTPS conversion webhook running in the test, through kubectl against
 * {@code java -jar custom-apiserver.war}; then its storage version switched.
 */
@DisplayName("kubectl with a two-version CRD and a conversion webhook")
class KubectlCrdConversionIT extends KubectlServerTest {
  static WebhookServer hook;

  @BeforeAll
  static void startWebhook() throws Exception {
    hook = new WebhookServer().on("/convert", new CronTabConversion());
  }

  @AfterAll
  static void stopWebhook() {
    hook.close();
  }

  static String crd(String storage) {
    return """
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
            storage: %s
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties: {cronSpec: {type: string}, image: {type: string}}
            additionalPrinterColumns:
            - {name: Spec, type: string, jsonPath: .spec.cronSpec}
          - name: v1
            served: true
            storage: %s
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties: {schedule: {type: string}, image: {type: string}}
            additionalPrinterColumns:
            - {name: Schedule, type: string, jsonPath: .spec.schedule}
          conversion:
            strategy: Webhook
            webhook:
              conversionReviewVersions: [v1]
              clientConfig:
                url: %s
                caBundle: %s
        """.formatted(storage.equals("v1beta1"), storage.equals("v1"), hook.url("/convert"), hook.caBundle());
  }

  static String cronTabV1(String name, String schedule) {
    return """
        apiVersion: stable.example.com/v1
        kind: CronTab
        metadata: {name: %s}
        spec: {schedule: "%s", image: my-awesome-cron-image}
        """.formatted(name, schedule);
  }

  @Test
  @DisplayName("apply through v1, get and list through v1beta1, watch through v1beta1, switch the storage version, "
      + "and kube's error when the webhook is gone")
  void conversion() throws Exception {
    assertThat(ok(kubectl.runWithInput(crd("v1beta1"), "apply", "-f", "-")).out())
        .contains("customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created");
    ok(kubectl.run("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=60s"));

    assertThat(ok(kubectl.runWithInput(cronTabV1("nightly", "0 3 * * *"), "apply", "-f", "-")).out())
        .contains("crontab.stable.example.com/nightly created");
    assertThat(ok(kubectl.run("get", "crontabs.v1beta1.stable.example.com", "nightly", "-o", "jsonpath={.spec.cronSpec}"))
        .out()).isEqualTo("0 3 * * *");
    assertThat(ok(kubectl.run("get", "crontabs.v1.stable.example.com", "nightly", "-o", "jsonpath={.spec.schedule}"))
        .out()).isEqualTo("0 3 * * *");
    assertThat(ok(kubectl.runWithInput(cronTabV1("nightly", "0 3 * * *"), "apply", "-f", "-")).out())
        .contains("crontab.stable.example.com/nightly unchanged");
    ok(kubectl.runWithInput(cronTabV1("hourly", "0 * * * *"), "apply", "-f", "-"));

    String v1beta1 = ok(kubectl.run("get", "crontabs.v1beta1.stable.example.com")).out();
    assertThat(v1beta1).contains("SPEC").containsPattern("hourly\\s+0 \\* \\* \\* \\*").containsPattern("nightly\\s+0 3 \\* \\* \\*");
    assertThat(ok(kubectl.run("get", "ct")).out()).as("the preferred version, v1").contains("SCHEDULE");

    Process watch = kubectl.start("get", "crontabs.v1beta1.stable.example.com", "-w");
    try {
      BlockingQueue<String> q = KubectlWatchIT.lines(watch);
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("NAME").contains("SPEC");
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("hourly");
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("nightly");
      ok(kubectl.runWithInput(cronTabV1("weekly", "0 0 * * 0"), "apply", "-f", "-"));
      assertThat(KubectlWatchIT.nextLine(q)).startsWith("weekly").contains("0 0 * * 0");
    } finally {
      watch.destroy();
      watch.waitFor(10, TimeUnit.SECONDS);
    }

    // the storage version becomes v1: storedVersions keeps both, the objects stored before stay readable
    ok(kubectl.runWithInput(crd("v1"), "apply", "-f", "-"));
    assertThat(ok(kubectl.run("get", "crd", "crontabs.stable.example.com", "-o", "jsonpath={.status.storedVersions}")).out())
        .isEqualTo("[\"v1beta1\",\"v1\"]");
    ok(kubectl.runWithInput(cronTabV1("monthly", "0 0 1 * *"), "apply", "-f", "-"));
    assertThat(ok(kubectl.run("get", "crontabs.v1beta1.stable.example.com", "-o", "jsonpath={.items[*].spec.cronSpec}"))
        .out()).isEqualTo("0 * * * * 0 0 1 * * 0 3 * * * 0 0 * * 0");

    // without its webhook, reads through another version than the stored one fail as kube's do
    hook.close();
    Kubectl.Result failed = fails(kubectl.run("get", "crontabs.v1beta1.stable.example.com", "monthly"));
    assertThat(failed.err()).contains("Error from server: conversion webhook for stable.example.com/v1, Kind=CronTab failed: "
        + "Post \"" + hook.url("/convert") + "?timeout=30s\": dial tcp ");
  }
}
