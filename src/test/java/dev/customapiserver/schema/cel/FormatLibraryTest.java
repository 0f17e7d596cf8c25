package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: kube's format library (format.dns1123Label().validate(self) and friends)")
class FormatLibraryTest {
  /** A schema whose {@code spec.value} carries one rule and, optionally, a messageExpression. */
  static String schema(String rule, String messageExpression) {
    return """
        type: object
        properties:
          spec:
            type: object
            properties:
              value:
                type: string
                x-kubernetes-validations:
                - rule: "%s"
        """.formatted(rule.replace("\"", "\\\""))
        + (messageExpression == null ? "" : "          messageExpression: \"" + messageExpression.replace("\"", "\\\"") + "\"\n");
  }

  static String object(String value) {
    return "{'spec':{'value':'" + value + "'}}";
  }

  static boolean holds(String rule, String value) {
    return errors(schema(rule, null), object(value)).isEmpty();
  }

  @Test
  @DisplayName("kube's examples: valid strings give no errors")
  void validExamples() {
    assertThat(holds("!format.dns1123Label().validate(self).hasValue()", "my-label-name")).isTrue();
    assertThat(holds("!format.dns1123Subdomain().validate(self).hasValue()", "apiextensions.k8s.io")).isTrue();
    assertThat(holds("!format.dns1035Label().validate(self).hasValue()", "my-label-name")).isTrue();
    assertThat(holds("!format.qualifiedName().validate(self).hasValue()", "apiextensions.k8s.io/v1beta1")).isTrue();
    assertThat(holds("!format.dns1123LabelPrefix().validate(self).hasValue()", "my-label-prefix-")).isTrue();
    assertThat(holds("!format.dns1123SubdomainPrefix().validate(self).hasValue()", "mysubdomain.prefix.-")).isTrue();
    assertThat(holds("!format.dns1035LabelPrefix().validate(self).hasValue()", "my-label-prefix-")).isTrue();
    assertThat(holds("!format.labelValue().validate(self).hasValue()", "My_Value.1")).isTrue();
    assertThat(holds("!format.uri().validate(self).hasValue()", "http://example.com")).isTrue();
    assertThat(holds("!format.uuid().validate(self).hasValue()", "123e4567-e89b-12d3-a456-426614174000")).isTrue();
    assertThat(holds("!format.byte().validate(self).hasValue()", "aGVsbG8=")).isTrue();
    assertThat(holds("!format.date().validate(self).hasValue()", "2021-01-01")).isTrue();
    assertThat(holds("!format.datetime().validate(self).hasValue()", "2021-01-01T00:00:00Z")).isTrue();
    assertThat(holds("!format.datetime().validate(self).hasValue()", "2021-01-01T23:59:59.123+02:00")).isTrue();
  }

  @Test
  @DisplayName("invalid strings are refused by the rule")
  void invalidValues() {
    assertThat(holds("!format.dns1123Label().validate(self).hasValue()", "My_Label")).isFalse();
    assertThat(holds("!format.dns1035Label().validate(self).hasValue()", "1abc")).isFalse();
    assertThat(holds("!format.dns1123LabelPrefix().validate(self).hasValue()", "-x-")).isFalse();
    assertThat(holds("!format.labelValue().validate(self).hasValue()", "-bad")).isFalse();
    assertThat(holds("!format.uuid().validate(self).hasValue()", "123e4567")).isFalse();
    assertThat(holds("!format.byte().validate(self).hasValue()", "aGVsbG8")).isFalse();
    assertThat(holds("!format.date().validate(self).hasValue()", "2021-02-30")).isFalse();
    assertThat(holds("!format.datetime().validate(self).hasValue()", "2021-01-01T24:00:00Z")).isFalse();
    assertThat(holds("!format.uri().validate(self).hasValue()", "example.com/a")).isFalse();
  }

  @Test
  @DisplayName("format.named finds the named formats and gives none for an unknown name")
  void named() {
    assertThat(holds("format.named('dns1123Label').hasValue() && !format.named('nosuch').hasValue()", "x")).isTrue();
    assertThat(holds("!format.named('dns1123Label').value().validate(self).hasValue()", "my-name")).isTrue();
    assertThat(holds("format.named('uuid').value().validate(self).hasValue()", "nope")).isTrue();
  }

  @Test
  @DisplayName("the messages of validate are kube's, usable in messageExpression")
  void messages() {
    assertThat(errors(schema("!format.dns1123Label().validate(self).hasValue()",
        "self + ': ' + format.dns1123Label().validate(self).value().join('; ')"), object("My_Label"))).containsExactly(
        "spec.value: Invalid value: \"My_Label\": My_Label: a lowercase RFC 1123 label must consist of lower case alphanumeric "
            + "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', "
            + "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')");
    assertThat(errors(schema("!format.dns1035Label().validate(self).hasValue()",
        "format.dns1035Label().validate(self).value()[0]"), object("1abc"))).containsExactly(
        "spec.value: Invalid value: \"1abc\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', "
            + "start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', "
            + "regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')");
    assertThat(holds("format.uuid().validate(self) == optional.of(['does not match the UUID format'])", "x")).isTrue();
    assertThat(holds("format.byte().validate(self).value() == ['invalid base64']", "***")).isTrue();
    assertThat(holds("format.date().validate(self).value() == ['invalid date']", "2021-1-1")).isTrue();
    assertThat(holds("format.datetime().validate(self).value() == ['invalid datetime']", "2021-01-01")).isTrue();
    assertThat(holds("format.uri().validate(self).value() == ['parse \"a b\": invalid URI for request']", "a b")).isTrue();
    assertThat(holds("format.dns1123Subdomain().validate(self).value().size() == 2", "a".repeat(254) + "-")).isTrue();
    assertThat(holds("!format.portName().validate(self).hasValue()", "http-alt")).isTrue();
    assertThat(holds("format.portName().validate(self).value() == ['must contain at least one letter (a-z)', "
        + "'must not contain consecutive hyphens', 'must not begin or end with a hyphen']", "-1--2")).isTrue();
    assertThat(holds("format.portName().validate(self).value() == ['must be no more than 15 characters', "
        + "'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)']", "a_very_long_port_name")).isTrue();
  }

  @Test
  @DisplayName("a misspelt format function is refused when the rule is compiled")
  void unknownFunction() {
    assertThat(errors(schema("!format.dns1123label().validate(self).hasValue()", null), object("x")).toString())
        .contains("rule compile error: compilation failed:", "undeclared reference to 'dns1123label'");
  }
}
