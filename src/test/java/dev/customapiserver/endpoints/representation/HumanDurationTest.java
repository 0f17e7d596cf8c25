package dev.customapiserver.endpoints.representation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class HumanDurationTest {

  @Test
  @DisplayName("ages read as kubectl prints them")
  void humanDuration() {
    assertThat(HumanDuration.format(Duration.ofSeconds(45))).isEqualTo("45s");
    assertThat(HumanDuration.format(Duration.ofSeconds(119))).isEqualTo("119s");
    assertThat(HumanDuration.format(Duration.ofSeconds(312))).isEqualTo("5m12s");
    assertThat(HumanDuration.format(Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(HumanDuration.format(Duration.ofMinutes(125))).isEqualTo("125m");
    assertThat(HumanDuration.format(Duration.ofMinutes(190))).isEqualTo("3h10m");
    assertThat(HumanDuration.format(Duration.ofHours(30))).isEqualTo("30h");
    assertThat(HumanDuration.format(Duration.ofHours(52))).isEqualTo("2d4h");
    assertThat(HumanDuration.format(Duration.ofDays(30))).isEqualTo("30d");
    assertThat(HumanDuration.format(Duration.ofDays(800))).isEqualTo("2y70d");
    assertThat(HumanDuration.format(Duration.ofDays(3650))).isEqualTo("10y");
  }
}
