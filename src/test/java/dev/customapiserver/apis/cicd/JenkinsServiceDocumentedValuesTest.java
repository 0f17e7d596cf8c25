package dev.customapiserver.apis.cicd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.apis.Documented;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JenkinsService's OpenAPI defaults are what its defaulter applies")
class JenkinsServiceDocumentedValuesTest {
  @Test
  @DisplayName("v1alpha spec.instancecpu: the documented default is what the defaulter sets when it is missing")
  void instancecpu() {
    JenkinsServiceV1alpha js = new JenkinsServiceV1alpha();
    JenkinsServiceDefaults.v1alpha(js);
    assertThat(Documented.at(js, "/spec/instancecpu"))
        .isEqualTo(Documented.defaultOf(JenkinsServiceV1alpha.Spec.class, "instancecpu"));
  }
}
