package dev.customapiserver.schema.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

/**
 * kube's semver library: {@code isSemver(s)}, {@code semver(s)} (both also with {@code normalize}), and on a version {@code major()},
 * {@code minor()}, {@code patch()}, {@code isGreaterThan}, {@code isLessThan}, {@code compareTo}
 * (precedence as semver 2.0 orders versions, build metadata ignored).
 */
final class SemverLibrary {
  static final OpaqueType SEMVER = OpaqueType.create("kubernetes.Semver");

  /** A parsed version: the value CEL holds. */
  record Semver(long major, long minor, long patch, List<String> pre, String build) implements Comparable<Semver> {
    @Override
    public int compareTo(Semver o) {
      int c = Long.compare(major, o.major);
      c = c != 0 ? c : Long.compare(minor, o.minor);
      c = c != 0 ? c : Long.compare(patch, o.patch);
      if (c != 0 || pre.equals(o.pre)) {
        return c;
      }
      if (pre.isEmpty() || o.pre.isEmpty()) {
        return pre.isEmpty() ? 1 : -1;
      }
      for (int i = 0; i < Math.min(pre.size(), o.pre.size()); i++) {
        String a = pre.get(i);
        String b = o.pre.get(i);
        boolean an = a.chars().allMatch(Character::isDigit);
        boolean bn = b.chars().allMatch(Character::isDigit);
        int d = an && bn ? new BigInteger(a).compareTo(new BigInteger(b))
            : an ? -1 : bn ? 1 : a.compareTo(b);
        if (d != 0) {
          return Integer.signum(d);
        }
      }
      return Integer.compare(pre.size(), o.pre.size());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Semver s && compareTo(s) == 0;
    }

    @Override
    public int hashCode() {
      return Objects.hash(major, minor, patch, pre);
    }
  }

  private SemverLibrary() {}

  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("semver", CelOverloadDecl.newGlobalOverload("string_to_semver", SEMVER, SimpleType.STRING),
            CelOverloadDecl.newGlobalOverload("string_bool_to_semver", SEMVER, SimpleType.STRING, SimpleType.BOOL)),
        CelFunctionDecl.newFunctionDeclaration("isSemver", CelOverloadDecl.newGlobalOverload("is_semver_string", SimpleType.BOOL, SimpleType.STRING),
            CelOverloadDecl.newGlobalOverload("is_semver_string_bool", SimpleType.BOOL, SimpleType.STRING, SimpleType.BOOL)),
        CelFunctionDecl.newFunctionDeclaration("major", CelOverloadDecl.newMemberOverload("semver_major", SimpleType.INT, SEMVER)),
        CelFunctionDecl.newFunctionDeclaration("minor", CelOverloadDecl.newMemberOverload("semver_minor", SimpleType.INT, SEMVER)),
        CelFunctionDecl.newFunctionDeclaration("patch", CelOverloadDecl.newMemberOverload("semver_patch", SimpleType.INT, SEMVER)),
        CelFunctionDecl.newFunctionDeclaration("isGreaterThan",
            CelOverloadDecl.newMemberOverload("semver_is_greater_than", SimpleType.BOOL, SEMVER, SEMVER)),
        CelFunctionDecl.newFunctionDeclaration("isLessThan",
            CelOverloadDecl.newMemberOverload("semver_is_less_than", SimpleType.BOOL, SEMVER, SEMVER)),
        CelFunctionDecl.newFunctionDeclaration("compareTo",
            CelOverloadDecl.newMemberOverload("semver_compare_to", SimpleType.INT, SEMVER, SEMVER)));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_semver", String.class, SemverLibrary::semver),
        CelFunctionBinding.from("is_semver_string", String.class, s -> problem(s) == null),
        CelFunctionBinding.from("string_bool_to_semver", String.class, Boolean.class, (s, n) -> semver(n ? normalize(s) : s)),
        CelFunctionBinding.from("is_semver_string_bool", String.class, Boolean.class, (s, n) -> problem(n ? normalize(s) : s) == null),
        CelFunctionBinding.from("semver_major", Semver.class, Semver::major),
        CelFunctionBinding.from("semver_minor", Semver.class, Semver::minor),
        CelFunctionBinding.from("semver_patch", Semver.class, Semver::patch),
        CelFunctionBinding.from("semver_is_greater_than", Semver.class, Semver.class, (a, b) -> a.compareTo(b) > 0),
        CelFunctionBinding.from("semver_is_less_than", Semver.class, Semver.class, (a, b) -> a.compareTo(b) < 0),
        CelFunctionBinding.from("semver_compare_to", Semver.class, Semver.class, (a, b) -> (long) a.compareTo(b)));
  }

  private static Semver semver(String s) throws CelEvaluationException {
    String problem = problem(s);
    if (problem != null) {
      throw CelEvaluationExceptionBuilder.newBuilder("%s", problem).build();
    }
    return parse(s);
  }

  private static final String SHORT_WITH_SUFFIX = "\u0000short";

  /**
   * kube's tolerant form ({@code normalize: true}): no {@code v} prefix, missing minor and patch
   * numbers as 0, leading zeros dropped.
   */
  static String normalize(String s) {
    String[] parts = (s.startsWith("v") ? s.substring(1) : s).split("\\.", 3);
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i];
      if (p.length() > 1) {
        p = p.replaceFirst("^0+", "");
        if (p.isEmpty() || !Character.isDigit(p.charAt(0))) {
          p = "0" + p;
        }
        parts[i] = p;
      }
    }
    if (parts.length < 3) {
      String last = parts[parts.length - 1];
      if (last.contains("+") || last.contains("-")) {
        return SHORT_WITH_SUFFIX;
      }
    }
    StringBuilder b = new StringBuilder(String.join(".", parts));
    for (int i = parts.length; i < 3; i++) {
      b.append(".0");
    }
    return b.toString();
  }

  /** What is wrong with {@code s} as a semver 2.0 version, worded as kube's semver parser words it; null if nothing. */
  static String problem(String s) {
    if (s.equals(SHORT_WITH_SUFFIX)) {
      return "short version cannot contain PreRelease/Build meta data";
    }
    if (s.isEmpty()) {
      return "Version string empty";
    }
    String[] parts = s.split("\\.", 3);
    if (parts.length != 3) {
      return "No Major.Minor.Patch elements found";
    }
    String p = number(parts[0], "major", "Major");
    p = p != null ? p : number(parts[1], "minor", "Minor");
    if (p != null) {
      return p;
    }
    String rest = parts[2];
    int end = firstOf(rest, '-', '+');
    p = number(rest.substring(0, end), "patch", "Patch");
    if (p != null) {
      return p;
    }
    int plus = rest.indexOf('+');
    if (end < rest.length() && rest.charAt(end) == '-') {
      String pre = rest.substring(end + 1, plus < 0 ? rest.length() : plus);
      for (String id : pre.split("\\.", -1)) {
        if (id.isEmpty()) {
          return "Prerelease is empty";
        }
        if (!id.matches("[0-9A-Za-z-]+")) {
          return "Invalid character(s) found in prerelease " + GoRuleSyntax.quote(id);
        }
        if (id.matches("[0-9]+") && id.length() > 1 && id.startsWith("0")) {
          return "Numeric PreRelease version must not contain leading zeroes " + GoRuleSyntax.quote(id);
        }
      }
    }
    if (plus >= 0) {
      for (String id : rest.substring(plus + 1).split("\\.", -1)) {
        if (id.isEmpty()) {
          return "Build meta data is empty";
        }
        if (!id.matches("[0-9A-Za-z-]+")) {
          return "Invalid character(s) found in build meta data " + GoRuleSyntax.quote(id);
        }
      }
    }
    return null;
  }

  private static String number(String n, String lower, String upper) {
    if (n.isEmpty() || !n.matches("[0-9]+")) {
      return "Invalid character(s) found in " + lower + " number " + GoRuleSyntax.quote(n);
    }
    if (n.length() > 1 && n.startsWith("0")) {
      return upper + " number must not contain leading zeroes " + GoRuleSyntax.quote(n);
    }
    return n.length() > 18 && new BigInteger(n).bitLength() > 64 ? "strconv.ParseUint: parsing " + GoRuleSyntax.quote(n)
        + ": value out of range" : null;
  }

  private static int firstOf(String s, char a, char b) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == a || s.charAt(i) == b) {
        return i;
      }
    }
    return s.length();
  }

  private static Semver parse(String s) {
    String[] parts = s.split("\\.", 3);
    String rest = parts[2];
    int end = firstOf(rest, '-', '+');
    int plus = rest.indexOf('+');
    List<String> pre = end < rest.length() && rest.charAt(end) == '-'
        ? List.of(rest.substring(end + 1, plus < 0 ? rest.length() : plus).split("\\.")) : List.of();
    return new Semver(Long.parseUnsignedLong(parts[0]), Long.parseUnsignedLong(parts[1]),
        Long.parseUnsignedLong(rest.substring(0, end)), pre, plus < 0 ? "" : rest.substring(plus + 1));
  }
}
