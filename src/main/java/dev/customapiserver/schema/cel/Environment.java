package dev.customapiserver.schema.cel;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OptionalType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;

/**
 * A CEL environment for the rules of one schema node: {@code self} of the node's type, {@code oldSelf} of
 * the same type (or {@code optional(T)} for {@code optionalOldSelf} rules), the standard library with
 * kube's extension libraries as far as cel-java offers them (strings, lists, sets, math, regex,
 * encoders, optionals), the few functions of {@link KubeLibrary}, and kube's {@link UrlLibrary} and
 * {@link QuantityLibrary}.
 */
final class Environment {
  static final CelOptions OPTIONS = CelOptions.current()
      .enableOptionalSyntax(true)
      .enableHeterogeneousNumericComparisons(true)
      .enableTimestampEpoch(true)
      .comprehensionMaxIterations(-1)
      .build();

  private Environment() {}

  static Cel of(CelTypes types, CelType self, boolean optionalOldSelf) {
    return CelFactory.standardCelBuilder()
        .setOptions(OPTIONS)
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        .setTypeProvider(types)
        .addVar("self", self)
        .addVar("oldSelf", optionalOldSelf ? OptionalType.create(self) : self)
        .addCompilerLibraries(CelExtensions.strings(), CelExtensions.lists(), CelExtensions.sets(OPTIONS),
            CelExtensions.math(OPTIONS), CelExtensions.regex(), CelExtensions.encoders(OPTIONS), CelExtensions.optional())
        .addRuntimeLibraries(CelExtensions.strings(), CelExtensions.lists(), CelExtensions.sets(OPTIONS),
            CelExtensions.math(OPTIONS), CelExtensions.regex(), CelExtensions.encoders(OPTIONS), CelExtensions.optional())
        .addFunctionDeclarations(KubeLibrary.declarations())
        .addFunctionBindings(KubeLibrary.bindings())
        .addFunctionDeclarations(UrlLibrary.declarations())
        .addFunctionBindings(UrlLibrary.bindings())
        .addFunctionDeclarations(QuantityLibrary.declarations())
        .addFunctionBindings(QuantityLibrary.bindings())
        .addFunctionDeclarations(FormatLibrary.declarations())
        .addFunctionBindings(FormatLibrary.bindings())
        .addFunctionDeclarations(NetLibrary.declarations())
        .addFunctionBindings(NetLibrary.bindings())
        .addFunctionDeclarations(SemverLibrary.declarations())
        .addFunctionBindings(SemverLibrary.bindings())
        .build();
  }
}
