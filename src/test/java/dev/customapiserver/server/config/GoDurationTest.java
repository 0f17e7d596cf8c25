package dev.customapiserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GoDurationTest {

  @Test
  @DisplayName("duration flags read Go's syntax as kube-apiserver's do")
  void goSyntax() {
    assertThat(GoDuration.parse("10s")).contains(Duration.ofSeconds(10));
    assertThat(GoDuration.parse("1h0m0s")).contains(Duration.ofHours(1));
    assertThat(GoDuration.parse("1m30s")).contains(Duration.ofSeconds(90));
    assertThat(GoDuration.parse("500ms")).contains(Duration.ofMillis(500));
    assertThat(GoDuration.parse("1.5h")).contains(Duration.ofMinutes(90));
    assertThat(GoDuration.parse("0")).contains(Duration.ZERO);
    assertThat(GoDuration.parse("-5s")).contains(Duration.ofSeconds(-5));
  }

  @Test
  @DisplayName("anything else is not a duration (the flag error then names the value)")
  void refused() {
    assertThat(GoDuration.parse("10")).isEmpty();
    assertThat(GoDuration.parse("")).isEmpty();
    assertThat(GoDuration.parse("s")).isEmpty();
    assertThat(GoDuration.parse("10x")).isEmpty();
    assertThat(GoDuration.parse("10s ")).isEmpty();
  }

  @Test
  @DisplayName("Flags.defaults() gives every option its default")
  void defaults() {
    assertThat(Flags.defaults().string(Option.DATA_DIR)).isEqualTo("./data");
  }
}
