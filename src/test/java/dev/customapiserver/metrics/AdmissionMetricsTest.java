package dev.customapiserver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.admission.Operation;
import dev.customapiserver.testing.PrometheusText;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Webhook admission metrics: kube's names, labels and buckets")
class AdmissionMetricsTest {
  @Test
  @DisplayName("a denial and a failure to call a fail-closed webhook are timed, counted and counted as rejections")
  void webhooks() throws Exception {
    ApiServerMetrics metrics = new ApiServerMetrics();
    metrics.admission().webhook("deny.example.com", "validating", Operation.CREATE, true, 200, 0.02);
    metrics.admission().webhookRejection("deny.example.com", "validating", Operation.CREATE, "no_error", 403);
    metrics.admission().webhook("down.example.com", "admit", Operation.UPDATE, true, 0, 12);
    metrics.admission().webhookRejection("down.example.com", "admit", Operation.UPDATE, "calling_webhook_error", 0);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape());
    PrometheusText m = PrometheusText.parse(out.toString(StandardCharsets.UTF_8), false);

    assertThat(m.samples("apiserver_admission_webhook_admission_duration_seconds_bucket", "name", "deny.example.com",
        "type", "validating", "operation", "CREATE", "rejected", "true")).extracting(s -> s.labels().get("le"))
        .containsExactly("0.005", "0.025", "0.1", "0.5", "1.0", "2.5", "10.0", "25.0", "+Inf");
    assertThat(m.sum("apiserver_admission_webhook_admission_duration_seconds_bucket", "name", "down.example.com",
        "le", "10.0")).isZero();
    assertThat(m.sum("apiserver_admission_webhook_request_total", "name", "down.example.com", "code", "0",
        "rejected", "true")).isEqualTo(1);
    assertThat(m.sum("apiserver_admission_webhook_rejection_count", "name", "deny.example.com", "type", "validating",
        "operation", "CREATE", "error_type", "no_error", "rejection_code", "403")).isEqualTo(1);
    assertThat(m.sum("apiserver_admission_webhook_rejection_count", "name", "down.example.com",
        "error_type", "calling_webhook_error", "rejection_code", "0")).isEqualTo(1);
  }
}
