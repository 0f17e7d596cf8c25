package dev.customapiserver.schema.cel;

import dev.cel.bundle.Cel;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.customapiserver.schema.ValidationRule;

/**
 * One rule compiled as kube compiles it: the rule (must give a bool), its message expression (must give a
 * string), whether it reads {@code oldSelf} (a transition rule), its {@code fieldPath} normalised; or the
 * compile errors in kube's words ({@code compilation failed: ERROR: <input>:1:6: ...}).
 */
final class CompiledRule {
  final ValidationRule rule;
  final CelRuntime.Program program;
  final CelRuntime.Program messageProgram;
  final boolean usesOldSelf;
  /** The rule's compile error, or null. */
  final String error;
  /** The message expression's compile error, or null. */
  final String messageError;
  /** The fieldPath relative to the node as kube prints it ({@code foo.bar}, {@code foo[k]}), or empty. */
  final String fieldPath;
  /** Why the fieldPath is not a valid path of the schema, or null. */
  final String fieldPathError;

  private CompiledRule(ValidationRule rule, CelRuntime.Program program, CelRuntime.Program messageProgram,
      boolean usesOldSelf, String error, String messageError, String fieldPath, String fieldPathError) {
    this.rule = rule;
    this.program = program;
    this.messageProgram = messageProgram;
    this.usesOldSelf = usesOldSelf;
    this.error = error;
    this.messageError = messageError;
    this.fieldPath = fieldPath;
    this.fieldPathError = fieldPathError;
  }

  static CompiledRule compile(Cel cel, ValidationRule rule, FieldPaths.Result path) {
    CelRuntime.Program program = null;
    boolean usesOldSelf = false;
    String error = null;
    try {
      CelAbstractSyntaxTree ast = cel.compile(rule.rule()).getAst();
      if (!ast.getResultType().equals(SimpleType.BOOL)) {
        error = "cel expression must evaluate to a bool";
      } else {
        usesOldSelf = ast.getReferenceMap().values().stream().anyMatch(r -> r.name().equals("oldSelf"));
        program = cel.createProgram(ast);
      }
    } catch (CelValidationException e) {
      error = "compilation failed: " + e.getMessage();
    } catch (CelEvaluationException e) {
      error = "program instantiation failed: " + e.getMessage();
    }
    CelRuntime.Program messageProgram = null;
    String messageError = null;
    if (!rule.messageExpression().isBlank()) {
      try {
        CelAbstractSyntaxTree ast = cel.compile(rule.messageExpression()).getAst();
        if (!ast.getResultType().equals(SimpleType.STRING)) {
          messageError = "must evaluate to a string";
        } else {
          messageProgram = cel.createProgram(ast);
        }
      } catch (CelValidationException e) {
        messageError = "messageExpression compilation failed: " + e.getMessage();
      } catch (CelEvaluationException e) {
        messageError = "messageExpression program instantiation failed: " + e.getMessage();
      }
    }
    return new CompiledRule(rule, program, messageProgram, usesOldSelf, error, messageError, path.path(), path.error());
  }

  /** kube's {@code ruleErrorString}: the message if any, else the rule. */
  String errorString() {
    return rule.message().isBlank() ? rule.rule().strip() : rule.message().strip();
  }
}
