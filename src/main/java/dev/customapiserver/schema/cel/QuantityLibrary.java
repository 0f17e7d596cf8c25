package dev.customapiserver.schema.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * kube's quantity library: {@code quantity(s)}, {@code isQuantity(s)}, and on a quantity {@code sign()},
 * {@code isInteger()}, {@code asInteger()}, {@code asApproximateFloat()}, {@code add}, {@code sub},
 * {@code isLessThan}, {@code isGreaterThan}, {@code compareTo}; quantities as kube writes them
 * ({@code 500m}, {@code 1Gi}, {@code 1e3}), equal when their amounts are.
 */
final class QuantityLibrary {
  static final OpaqueType QUANTITY = OpaqueType.create("kubernetes.Quantity");
  private static final Pattern SYNTAX = Pattern.compile("^([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))((?:[KMGTPE]i)|[numkMGTPE]|[eE][+-]?[0-9]+)?$");
  private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
      Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")), Map.entry("m", new BigDecimal("1e-3")),
      Map.entry("k", new BigDecimal("1e3")), Map.entry("M", new BigDecimal("1e6")), Map.entry("G", new BigDecimal("1e9")),
      Map.entry("T", new BigDecimal("1e12")), Map.entry("P", new BigDecimal("1e15")), Map.entry("E", new BigDecimal("1e18")),
      Map.entry("Ki", BigDecimal.valueOf(1L << 10)), Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
      Map.entry("Gi", BigDecimal.valueOf(1L << 30)), Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
      Map.entry("Pi", BigDecimal.valueOf(1L << 50)), Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

  /** A quantity's amount: the value CEL holds (normalised, so equal amounts are equal values). */
  record Quantity(BigDecimal amount) {
    Quantity {
      amount = amount.signum() == 0 ? BigDecimal.ZERO : amount.stripTrailingZeros();
    }
  }

  private QuantityLibrary() {}

  static List<CelFunctionDecl> declarations() {
    CelType q = QUANTITY;
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("quantity", CelOverloadDecl.newGlobalOverload("kube_string_to_quantity", q, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isQuantity", CelOverloadDecl.newGlobalOverload("kube_is_quantity_string", SimpleType.BOOL, SimpleType.STRING)),
        member("sign", "kube_quantity_sign", SimpleType.INT),
        member("isInteger", "kube_quantity_is_integer", SimpleType.BOOL),
        member("asInteger", "kube_quantity_as_integer", SimpleType.INT),
        member("asApproximateFloat", "kube_quantity_as_float", SimpleType.DOUBLE),
        CelFunctionDecl.newFunctionDeclaration("add", CelOverloadDecl.newMemberOverload("kube_quantity_add", q, q, q),
            CelOverloadDecl.newMemberOverload("kube_quantity_add_int", q, q, SimpleType.INT)),
        CelFunctionDecl.newFunctionDeclaration("sub", CelOverloadDecl.newMemberOverload("kube_quantity_sub", q, q, q),
            CelOverloadDecl.newMemberOverload("kube_quantity_sub_int", q, q, SimpleType.INT)),
        CelFunctionDecl.newFunctionDeclaration("isLessThan", CelOverloadDecl.newMemberOverload("kube_quantity_less", SimpleType.BOOL, q, q)),
        CelFunctionDecl.newFunctionDeclaration("isGreaterThan", CelOverloadDecl.newMemberOverload("kube_quantity_greater", SimpleType.BOOL, q, q)),
        CelFunctionDecl.newFunctionDeclaration("compareTo", CelOverloadDecl.newMemberOverload("kube_quantity_compare", SimpleType.INT, q, q)));
  }

  private static CelFunctionDecl member(String name, String id, CelType result) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(id, result, QUANTITY));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("kube_string_to_quantity", String.class, QuantityLibrary::quantity),
        CelFunctionBinding.from("kube_is_quantity_string", String.class, s -> parse(s) != null),
        CelFunctionBinding.from("kube_quantity_sign", Quantity.class, x -> (long) x.amount().signum()),
        CelFunctionBinding.from("kube_quantity_is_integer", Quantity.class, x -> isLong(x.amount())),
        CelFunctionBinding.from("kube_quantity_as_integer", Quantity.class, QuantityLibrary::asInteger),
        CelFunctionBinding.from("kube_quantity_as_float", Quantity.class, x -> x.amount().doubleValue()),
        CelFunctionBinding.from("kube_quantity_add", Quantity.class, Quantity.class, (a, b) -> new Quantity(a.amount().add(b.amount()))),
        CelFunctionBinding.from("kube_quantity_add_int", Quantity.class, Long.class, (a, b) -> new Quantity(a.amount().add(BigDecimal.valueOf(b)))),
        CelFunctionBinding.from("kube_quantity_sub", Quantity.class, Quantity.class, (a, b) -> new Quantity(a.amount().subtract(b.amount()))),
        CelFunctionBinding.from("kube_quantity_sub_int", Quantity.class, Long.class,
            (a, b) -> new Quantity(a.amount().subtract(BigDecimal.valueOf(b)))),
        CelFunctionBinding.from("kube_quantity_less", Quantity.class, Quantity.class, (a, b) -> a.amount().compareTo(b.amount()) < 0),
        CelFunctionBinding.from("kube_quantity_greater", Quantity.class, Quantity.class, (a, b) -> a.amount().compareTo(b.amount()) > 0),
        CelFunctionBinding.from("kube_quantity_compare", Quantity.class, Quantity.class, (a, b) -> (long) a.amount().compareTo(b.amount())));
  }

  /** The amount of a quantity string, or null when kube would not parse it. */
  static BigDecimal parse(String s) {
    Matcher m = SYNTAX.matcher(s);
    if (!m.matches()) {
      return null;
    }
    BigDecimal n = new BigDecimal(m.group(1));
    String suffix = m.group(2);
    if (suffix == null) {
      return n;
    }
    if (suffix.startsWith("e") || suffix.startsWith("E")) {
      return n.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1).replace("+", "")));
    }
    return n.multiply(SUFFIXES.get(suffix));
  }

  private static Quantity quantity(String s) throws CelEvaluationException {
    BigDecimal n = parse(s);
    if (n == null) {
      throw CelEvaluationExceptionBuilder.newBuilder("quantities must match the regular expression "
          + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'").build();
    }
    return new Quantity(n);
  }

  private static boolean isLong(BigDecimal n) {
    if (n.signum() != 0 && n.stripTrailingZeros().scale() > 0) {
      return false;
    }
    BigInteger i = n.toBigInteger();
    return i.bitLength() < 64;
  }

  private static long asInteger(Quantity q) throws CelEvaluationException {
    if (!isLong(q.amount())) {
      throw CelEvaluationExceptionBuilder.newBuilder("cannot convert value to integer").build();
    }
    return q.amount().longValueExact();
  }
}
