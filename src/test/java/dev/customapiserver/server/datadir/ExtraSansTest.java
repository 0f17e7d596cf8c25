package dev.customapiserver.server.datadir;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--apiserver-cert-extra-sans")
class ExtraSansTest {
  @TempDir Path dir;

  private static List<String> sans(X509Certificate c) throws Exception {
    return c.getSubjectAlternativeNames().stream().map(l -> l.get(0) + "=" + l.get(1)).collect(Collectors.toList());
  }

  @Test
  @DisplayName("the generated certificate also names the service DNS name the aggregator verifies, and extra IPs")
  void extraNames() throws Exception {
    DataDirectory data = new DataDirectory(dir, Clock.systemUTC(), new SecureRandom());
    ServingIdentity plain = data.servingIdentity(List.of());

    ServingIdentity aggregated = data.servingIdentity(List.of(),
        List.of("custom-apiserver.custom-apiserver.svc", "10.96.0.20", "fd00::20"));

    assertThat(sans(aggregated.certificate())).contains("2=localhost", "7=127.0.0.1",
        "2=custom-apiserver.custom-apiserver.svc", "7=10.96.0.20", "7=fd00:0:0:0:0:0:0:20");
    assertThat(aggregated.certificate()).isNotEqualTo(plain.certificate());
    assertThat(data.servingIdentity(List.of(), List.of("custom-apiserver.custom-apiserver.svc")).certificate())
        .as("reused while it has every name").isEqualTo(aggregated.certificate());
  }
}
