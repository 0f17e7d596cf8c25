package dev.customapiserver.schema;

/**
 * One {@code x-kubernetes-validations} entry, kept as data: a CEL rule with its message and options.
 *
 * @param rule              the CEL expression ({@code self}, and {@code oldSelf} in transition rules)
 * @param message           the message when the rule fails, or empty
 * @param messageExpression a CEL expression giving the message, or empty
 * @param reason            {@code FieldValueInvalid}, {@code FieldValueForbidden}, ...; empty for the default
 * @param fieldPath         the path (relative to the node) the error is reported at, or empty
 * @param optionalOldSelf   whether the rule also runs on create, with {@code oldSelf} unset
 * @param optionalOldSelfSet whether the definition sets {@code optionalOldSelf} at all (true or false)
 */
public record ValidationRule(String rule, String message, String messageExpression, String reason, String fieldPath,
    boolean optionalOldSelf, boolean optionalOldSelfSet) {
  /** Whether the rule compares with the old object, so it runs only on updates. */
  public boolean isTransitionRule() {
    return rule.contains("oldSelf");
  }
}
