package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: kube's semver library")
class SemverLibraryTest {
  static String schema(String rule) {
    return """
        type: object
        properties:
          spec:
            type: object
            properties:
              version: {type: string}
            x-kubernetes-validations:
            - rule: "%s"
        """.formatted(rule.replace("\"", "\\\""));
  }

  static final String OBJECT = "{'spec':{'version':'1.2.3'}}";

  static void holds(String rule) {
    assertThat(errors(schema(rule), OBJECT)).as(rule).isEmpty();
  }

  @Test
  @DisplayName("parsing, parts and comparisons as kube's examples, next to quantities' functions of the same names")
  void versions() {
    holds("isSemver(self.version) && semver(self.version).major() == 1 && semver(self.version).minor() == 2 "
        + "&& semver(self.version).patch() == 3");
    holds("!isSemver('1.2') && !isSemver('v1.2.3') && !isSemver('01.2.3') && !isSemver('1.2.3-') && isSemver('1.2.3-rc.1+build.5')");
    holds("semver('1.2.3').compareTo(semver('1.2.3')) == 0 && semver('1.2.3').compareTo(semver('2.0.0')) == -1 "
        + "&& semver('1.2.3').compareTo(semver('0.1.2')) == 1");
    holds("semver('1.2.3').isGreaterThan(semver('1.2.3-rc.1')) && semver('1.0.0-alpha').isLessThan(semver('1.0.0-alpha.1')) "
        + "&& semver('1.0.0-alpha.beta').isGreaterThan(semver('1.0.0-alpha.1')) && semver('1.0.0-2').isLessThan(semver('1.0.0-11'))");
    holds("semver('1.2.3+a') == semver('1.2.3+b') && quantity('1').isLessThan(quantity('2'))");
  }

  @Test
  @DisplayName("normalize: a v prefix, missing minor and patch, and leading zeros are accepted")
  void normalized() {
    holds("isSemver('v1.2', true) && semver('v1.2', true) == semver('1.2.0') && semver('01.02.03', true) == semver('1.2.3')");
    holds("semver('v1', true).compareTo(semver('1.0.0')) == 0 && !isSemver('v1.2', false) && !isSemver('1.2-rc', true)");
    assertThat(errors(schema("semver('1.2-rc', true).major() == 1"), OBJECT).get(0))
        .contains("short version cannot contain PreRelease/Build meta data");
  }

  @Test
  @DisplayName("a bad version stops the rule with the parser's message")
  void errorsReadAsKube() {
    assertThat(errors(schema("semver('1.2').major() == 1"), OBJECT)).containsExactly(
        "spec: Invalid value: \"object\": No Major.Minor.Patch elements found evaluating rule: semver('1.2').major() == 1");
    assertThat(errors(schema("semver('01.2.3').major() == 1"), OBJECT).get(0))
        .contains("Major number must not contain leading zeroes \"01\"");
  }
}
