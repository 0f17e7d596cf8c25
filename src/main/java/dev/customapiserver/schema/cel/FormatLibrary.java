package dev.customapiserver.schema.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.ListType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.OptionalType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelFunctionBinding;
import dev.customapiserver.api.validation.NameRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * kube's format library (kube 1.31+): {@code format.named(name)} (an optional format),
 * {@code format.dns1123Label()} and the other named formats, and on a format {@code validate(s)}: none
 * when {@code s} is valid, else the list of kube's messages, e.g.
 * {@code !format.dns1123Label().validate(self).hasValue()}.
 */
final class FormatLibrary {
  static final OpaqueType FORMAT = OpaqueType.create("kubernetes.NamedFormat");

  /** A named format: the value CEL holds. */
  record Format(String name, Function<String, List<String>> check) {}

  private static final Map<String, Format> FORMATS = formats();

  private FormatLibrary() {}

  private static Map<String, Format> formats() {
    Map<String, Format> m = new LinkedHashMap<>();
    m.put("dns1123Label", new Format("DNS1123Label", NameRules::dns1123Label));
    m.put("dns1123Subdomain", new Format("DNS1123Subdomain", NameRules::dns1123Subdomain));
    m.put("dns1035Label", new Format("DNS1035Label", NameRules::dns1035Label));
    m.put("qualifiedName", new Format("QualifiedName", NameRules::qualifiedName));
    m.put("portName", new Format("PortName", NameRules::portName));
    m.put("dns1123LabelPrefix", new Format("DNS1123LabelPrefix", s -> NameRules.dns1123Label(NameRules.maskTrailingDash(s))));
    m.put("dns1123SubdomainPrefix",
        new Format("DNS1123SubdomainPrefix", s -> NameRules.dns1123Subdomain(NameRules.maskTrailingDash(s))));
    m.put("dns1035LabelPrefix", new Format("DNS1035LabelPrefix", s -> NameRules.dns1035Label(NameRules.maskTrailingDash(s))));
    m.put("labelValue", new Format("LabelValue", NameRules::labelValue));
    m.put("uri", new Format("URI", StringFormats::uri));
    m.put("uuid", new Format("uuid", StringFormats::uuid));
    m.put("byte", new Format("byte", StringFormats::base64));
    m.put("date", new Format("date", StringFormats::date));
    m.put("datetime", new Format("datetime", StringFormats::dateTime));
    return Map.copyOf(m);
  }

  static List<CelFunctionDecl> declarations() {
    List<CelFunctionDecl> out = new ArrayList<>();
    out.add(CelFunctionDecl.newFunctionDeclaration("format.named",
        CelOverloadDecl.newGlobalOverload("kube_format_named", OptionalType.create(FORMAT), SimpleType.STRING)));
    out.add(CelFunctionDecl.newFunctionDeclaration("validate", CelOverloadDecl.newMemberOverload("kube_format_validate",
        OptionalType.create(ListType.create(SimpleType.STRING)), FORMAT, SimpleType.STRING)));
    for (String name : FORMATS.keySet()) {
      out.add(CelFunctionDecl.newFunctionDeclaration("format." + name,
          CelOverloadDecl.newGlobalOverload("kube_format_" + name, FORMAT, List.of())));
    }
    return out;
  }

  static List<CelFunctionBinding> bindings() {
    List<CelFunctionBinding> out = new ArrayList<>();
    out.add(CelFunctionBinding.from("kube_format_named", String.class, n -> Optional.ofNullable(FORMATS.get(n))));
    out.add(CelFunctionBinding.from("kube_format_validate", Format.class, String.class, FormatLibrary::validate));
    FORMATS.forEach((name, f) -> out.add(CelFunctionBinding.from("kube_format_" + name, List.of(), args -> f)));
    return out;
  }

  private static Optional<List<String>> validate(Format f, String s) {
    List<String> problems = f.check().apply(s);
    return problems.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(problems));
  }
}
