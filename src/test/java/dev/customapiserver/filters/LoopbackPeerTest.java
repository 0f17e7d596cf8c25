package dev.customapiserver.filters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Which connection peers --authn-allow-localhost counts as local")
class LoopbackPeerTest {
  @Test
  @DisplayName("127.0.0.0/8 and ::1 (also bracketed, long or IPv4-mapped) are loopback")
  void loopback() {
    assertThat(AuthenticationFilter.loopback("127.0.0.1")).isTrue();
    assertThat(AuthenticationFilter.loopback("127.3.2.1")).isTrue();
    assertThat(AuthenticationFilter.loopback("::1")).isTrue();
    assertThat(AuthenticationFilter.loopback("[::1]")).isTrue();
    assertThat(AuthenticationFilter.loopback("0:0:0:0:0:0:0:1")).isTrue();
    assertThat(AuthenticationFilter.loopback("::ffff:127.0.0.1")).isTrue();
  }

  @Test
  @DisplayName("other addresses, names (never looked up) and nothing are not")
  void others() {
    assertThat(AuthenticationFilter.loopback("10.0.0.1")).isFalse();
    assertThat(AuthenticationFilter.loopback("192.168.1.20")).isFalse();
    assertThat(AuthenticationFilter.loopback("fe80::1")).isFalse();
    assertThat(AuthenticationFilter.loopback("::")).isFalse();
    assertThat(AuthenticationFilter.loopback("localhost")).isFalse();
    assertThat(AuthenticationFilter.loopback("cafe")).isFalse();
    assertThat(AuthenticationFilter.loopback("")).isFalse();
    assertThat(AuthenticationFilter.loopback(null)).isFalse();
  }
}
