package dev.customapiserver.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Who gets indented JSON, as kube-apiserver's isPrettyPrint decides")
class PrettyOutputTest {
  @Test
  @DisplayName("curl, Wget and browsers do; kubectl, client libraries and unknown agents do not")
  void byUserAgent() {
    assertThat(PrettyOutput.wanted(null, "curl/7.88.1")).isTrue();
    assertThat(PrettyOutput.wanted(null, "Wget/1.21")).isTrue();
    assertThat(PrettyOutput.wanted("limit=5", "Mozilla/5.0 (X11; Linux x86_64)")).isTrue();
    assertThat(PrettyOutput.wanted(null, "kubectl/v1.33.0 (linux/amd64) kubernetes/abc")).isFalse();
    assertThat(PrettyOutput.wanted(null, "Java-http-client/17")).isFalse();
    assertThat(PrettyOutput.wanted(null, null)).isFalse();
  }

  @Test
  @DisplayName("?pretty= wins when it has a value, read as Go's strconv.ParseBool (anything else is false); empty or malformed falls back to the agent")
  void byParameter() {
    for (String yes : new String[] {"1", "t", "T", "TRUE", "true", "True"}) {
      assertThat(PrettyOutput.wanted("pretty=" + yes, "kubectl/v1.33.0")).as(yes).isTrue();
    }
    for (String no : new String[] {"0", "f", "false", "yes", "tRuE"}) {
      assertThat(PrettyOutput.wanted("pretty=" + no, "curl/8")).as(no).isFalse();
    }
    assertThat(PrettyOutput.wanted("pretty=", "curl/8")).isTrue();
    assertThat(PrettyOutput.wanted("pretty=%zz", "curl/8")).as("a malformed value is dropped, as Go's url.Query does").isTrue();
    assertThat(PrettyOutput.wanted("pretty", "kubectl/v1.33.0")).isFalse();
    assertThat(PrettyOutput.wanted("limit=1&pretty=true&pretty=false", null)).as("the first value").isTrue();
    assertThat(PrettyOutput.wanted("notpretty=true", null)).isFalse();
  }
}
