package dev.customapiserver.schema.cel;

import dev.cel.bundle.Cel;
import dev.cel.common.types.CelType;
import dev.customapiserver.schema.StructuralSchema;
import dev.customapiserver.schema.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/** The compiled rules of one schema node (compiled once, when the CRD's schema is loaded). */
final class NodeRules {
  final StructuralSchema schema;
  final List<CompiledRule> rules;

  private NodeRules(StructuralSchema schema, List<CompiledRule> rules) {
    this.schema = schema;
    this.rules = rules;
  }

  static NodeRules compile(CelTypes types, StructuralSchema s, boolean root) {
    CelType self = types.typeOf(s, root);
    Cel plain = null;
    Cel optional = null;
    List<CompiledRule> out = new ArrayList<>();
    for (ValidationRule r : s.validations()) {
      Cel cel;
      if (r.optionalOldSelf()) {
        cel = optional != null ? optional : (optional = Environment.of(types, self, true));
      } else {
        cel = plain != null ? plain : (plain = Environment.of(types, self, false));
      }
      out.add(CompiledRule.compile(cel, r, FieldPaths.parse(r.fieldPath(), s)));
    }
    return new NodeRules(s, List.copyOf(out));
  }

  /** kube's {@code sts.Type} shown as the value of rule errors ({@code "object"}). */
  String typeName() {
    return schema.type();
  }
}
