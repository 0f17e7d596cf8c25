package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.schema;
import static dev.customapiserver.schema.cel.Schemas.strings;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: rules are compiled when the CRD is created, with kube's errors")
class RuleChecksTest {
  static final String AT = "spec.versions[0].schema.openAPIV3Schema";

  static List<String> check(String yaml) {
    return strings(CelValidator.check(schema(yaml), AT));
  }

  /** kube prints the rule as json.Marshal of its internal struct (Go field names, Go's escaping). */
  static String goRule(String rule, String messageExpression) {
    return "{\"Rule\":\"" + rule.replace(">", "\\u003e").replace("<", "\\u003c").replace("&", "\\u0026")
        + "\",\"Message\":\"\",\"MessageExpression\":\"" + messageExpression
        + "\",\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":null}";
  }

  @Test
  @DisplayName("oldSelf is refused under lists that are not map-type lists (no old element to compare with)")
  void uncorrelatable() {
    assertThat(check("""
        type: object
        properties:
          tags:
            type: array
            items: {type: string, x-kubernetes-validations: [{rule: "self == oldSelf"}]}
          entries:
            type: array
            x-kubernetes-list-type: map
            x-kubernetes-list-map-keys: [name]
            items:
              type: object
              required: [name]
              properties: {name: {type: string}}
              x-kubernetes-validations: [{rule: "self == oldSelf"}]
        """)).containsExactly(AT + ".properties[tags].items.x-kubernetes-validations[0].rule: Invalid value: \"self == oldSelf\": "
        + "oldSelf cannot be used on the uncorrelatable portion of the schema within " + AT + ".properties[tags]");
  }

  @Test
  @DisplayName("optionalOldSelf (true or false) on a rule that does not use oldSelf is refused, as kube refuses it; "
      + "a rule that does not compile gets both errors")
  void optionalOldSelfWithoutOldSelf() {
    assertThat(check("""
        type: object
        properties:
          a: {type: integer, x-kubernetes-validations: [{rule: "self > 1", optionalOldSelf: true}]}
          b: {type: integer, x-kubernetes-validations: [{rule: "self > 1", optionalOldSelf: false}]}
          c: {type: integer, x-kubernetes-validations: [{rule: "oldSelf.hasValue()", optionalOldSelf: true}]}
          d: {type: integer, x-kubernetes-validations: [{rule: "self ==", optionalOldSelf: true}]}
        """)).containsExactly(
        AT + ".properties[a].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule",
        AT + ".properties[b].x-kubernetes-validations[0].optionalOldSelf: Invalid value: false: may not be set if oldSelf is not used in rule",
        AT + ".properties[d].x-kubernetes-validations[0].rule: Invalid value: {\"Rule\":\"self ==\",\"Message\":\"\",\"MessageExpression\":\"\","
            + "\"Reason\":null,\"FieldPath\":\"\",\"OptionalOldSelf\":true}: compilation failed: ERROR: <input>:1:8: Syntax error: "
            + "mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, "
            + "STRING, BYTES, IDENTIFIER}\n | self ==\n | .......^",
        AT + ".properties[d].x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule");
  }

  @Test
  @DisplayName("valid rules pass: standard library, strings, lists, sets, math, regex, optionals, kube's list and regex functions")
  void valid() {
    assertThat(check("""
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.name.lowerAscii().trim().split('-').size() > 0 && self.name.indexOf('a') >= -1"
            - rule: "['a','b'].join(',') == 'a,b' && self.name.upperAscii() != ''"
            - rule: "self.name.matches('^[a-z]+$') && self.name.find('[a-z]+') != '' && self.name.findAll('a').size() >= 0"
            - rule: "self.ports.isSorted() && self.ports.sum() >= 0 && (self.ports.size() == 0 || self.ports.min() <= self.ports.max())"
            - rule: "sets.contains(self.ports, [80]) || true"
            - rule: "math.greatest(1, 2) == 2 && self.ports.all(p, p > 0) && self.ports.exists_one(p, p == 80) || true"
            - rule: "self.?name.orValue('') == self.name"
            - rule: "self.ttl > duration('1s') && self.since < timestamp('2100-01-01T00:00:00Z')"
            - rule: "has(self.extra) ? self.extra.anything == 1 : true"
            - rule: "self.ios == 1 || self.ios == '1'"
            properties:
              name: {type: string}
              ports: {type: array, items: {type: integer}}
              ttl: {type: string, format: duration}
              since: {type: string, format: date-time}
              extra: {type: object, x-kubernetes-preserve-unknown-fields: true}
              ios: {x-kubernetes-int-or-string: true}
        """)).isEmpty();
  }

  @Test
  @DisplayName("a syntax error, an unknown field, a non-bool rule, a bad messageExpression and a bad fieldPath are refused")
  void invalid() {
    List<String> errors = check("""
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.replicas =="
            - rule: "self.nope > 1"
            - rule: "self.replicas"
            - rule: "true"
              messageExpression: "self.replicas"
            - rule: "true"
              fieldPath: ".nope"
            - rule: "true"
              fieldPath: ".list[0]"
            properties:
              list: {type: array, items: {type: string}}
              replicas: {type: integer}
        """);
    String at = AT + ".properties[spec].x-kubernetes-validations";
    assertThat(errors).hasSize(6);
    assertThat(errors.get(0)).startsWith(at + "[0].rule: Invalid value: " + goRule("self.replicas ==", "")
        + ": compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>' expecting ");
    assertThat(errors.get(1)).startsWith(at + "[1].rule: Invalid value: " + goRule("self.nope > 1", "")
        + ": compilation failed: ERROR: <input>:1:5: undefined field 'nope'");
    assertThat(errors.get(2)).isEqualTo(at + "[2].rule: Invalid value: " + goRule("self.replicas", "")
        + ": cel expression must evaluate to a bool");
    assertThat(errors.get(3)).isEqualTo(at + "[3].messageExpression: Invalid value: " + goRule("true", "self.replicas")
        + ": must evaluate to a string");
    assertThat(errors.get(4)).isEqualTo(at + "[4].fieldPath: Invalid value: \".nope\": fieldPath must be a valid path: does not refer to a valid field");
    assertThat(errors.get(5)).isEqualTo(at + "[5].fieldPath: Invalid value: \".list[0]\": fieldPath must be a valid path: "
        + "expected single quoted string but got 0");
  }
}
