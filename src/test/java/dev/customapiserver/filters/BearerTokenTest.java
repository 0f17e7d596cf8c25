package dev.customapiserver.filters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The Authorization header, read as kube-apiserver's bearer-token authenticator reads it")
class BearerTokenTest {

  @Test
  @DisplayName("Bearer <token>, the scheme in any case, the header trimmed")
  void token() {
    assertThat(BearerToken.of("Bearer abc").token()).contains("abc");
    assertThat(BearerToken.of("bearer abc").token()).contains("abc");
    assertThat(BearerToken.of("  BEARER abc  ").token()).contains("abc");
  }

  @Test
  @DisplayName("two spaces leave an empty token: no token at all, with kube's warning")
  void twoSpaces() {
    BearerToken b = BearerToken.of("Bearer  abc");
    assertThat(b.token()).isEmpty();
    assertThat(b.warning()).contains(
        "the provided Authorization header contains extra space before the bearer token, and is ignored");
  }

  @Test
  @DisplayName("text after the token and a space is ignored, as kube splits into at most three parts")
  void trailing() {
    assertThat(BearerToken.of("Bearer abc def").token()).contains("abc");
  }

  @Test
  @DisplayName("other schemes, a bare scheme, an empty or missing header: no token, no warning")
  void none() {
    for (String h : new String[] {"Basic YTpi", "Bearer", "Bearer ", "", null, "Bearerabc"}) {
      assertThat(BearerToken.of(h).token()).as(String.valueOf(h)).isEmpty();
      assertThat(BearerToken.of(h).warning()).as(String.valueOf(h)).isEmpty();
    }
  }
}
