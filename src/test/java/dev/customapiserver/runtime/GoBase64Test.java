package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Go's base64.StdEncoding: where it finds a string corrupt")
class GoBase64Test {

  @Test
  @DisplayName("valid padded text, line breaks skipped; the offsets Go reports for bad symbols, padding and garbage")
  void offsets() {
    assertThat(GoBase64.error("")).isNull();
    assertThat(GoBase64.error("YQ==")).isNull();
    assertThat(GoBase64.error("YWI=")).isNull();
    assertThat(GoBase64.error("YWJj\r\nZA==")).isNull();
    assertThat(GoBase64.error("not base64!")).isEqualTo("illegal base64 data at input byte 3");
    assertThat(GoBase64.error("abc")).as("padding required").isEqualTo("illegal base64 data at input byte 0");
    assertThat(GoBase64.error("YWJjZ")).isEqualTo("illegal base64 data at input byte 4");
    assertThat(GoBase64.error("YQ=")).isEqualTo("illegal base64 data at input byte 3");
    assertThat(GoBase64.error("Y===")).isEqualTo("illegal base64 data at input byte 1");
    assertThat(GoBase64.error("YQ==YQ==")).as("garbage after the padding").isEqualTo("illegal base64 data at input byte 4");
    assertThat(GoBase64.error("é")).as("bytes of UTF-8").isEqualTo("illegal base64 data at input byte 0");
  }
}
