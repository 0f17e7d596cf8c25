package dev.customapiserver.schema.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationExceptionBuilder;
import dev.cel.runtime.CelFunctionBinding;
import dev.customapiserver.schema.cel.NetAddresses.Cidr;
import dev.customapiserver.schema.cel.NetAddresses.Ip;
import java.util.List;

/**
 * kube's IP and CIDR libraries (kube 1.31+): {@code ip(s)}, {@code isIP(s)}, {@code ip.isCanonical(s)},
 * on an IP {@code family()}, {@code isUnspecified()}, {@code isLoopback()}, {@code isLinkLocalMulticast()},
 * {@code isLinkLocalUnicast()}, {@code isGlobalUnicast()}; {@code cidr(s)}, {@code isCIDR(s)}, on a CIDR
 * {@code containsIP(ip|s)}, {@code containsCIDR(cidr|s)}, {@code ip()}, {@code masked()},
 * {@code prefixLength()}; {@code string(ip)} and {@code string(cidr)}.
 */
final class NetLibrary {
  static final OpaqueType IP = OpaqueType.create("net.IP");
  static final OpaqueType CIDR = OpaqueType.create("net.CIDR");

  private NetLibrary() {}

  static List<CelFunctionDecl> declarations() {
    CelType s = SimpleType.STRING;
    CelType b = SimpleType.BOOL;
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("ip", CelOverloadDecl.newGlobalOverload("string_to_ip", IP, s),
            CelOverloadDecl.newMemberOverload("cidr_ip", IP, CIDR)),
        CelFunctionDecl.newFunctionDeclaration("isIP", CelOverloadDecl.newGlobalOverload("is_ip", b, s)),
        CelFunctionDecl.newFunctionDeclaration("ip.isCanonical", CelOverloadDecl.newGlobalOverload("ip_is_canonical", b, s)),
        CelFunctionDecl.newFunctionDeclaration("family", CelOverloadDecl.newMemberOverload("ip_family", SimpleType.INT, IP)),
        member("isUnspecified", "ip_is_unspecified", b),
        member("isLoopback", "ip_is_loopback", b),
        member("isLinkLocalMulticast", "ip_is_link_local_multicast", b),
        member("isLinkLocalUnicast", "ip_is_link_local_unicast", b),
        member("isGlobalUnicast", "ip_is_global_unicast", b),
        CelFunctionDecl.newFunctionDeclaration("cidr", CelOverloadDecl.newGlobalOverload("string_to_cidr", CIDR, s)),
        CelFunctionDecl.newFunctionDeclaration("isCIDR", CelOverloadDecl.newGlobalOverload("is_cidr", b, s)),
        CelFunctionDecl.newFunctionDeclaration("containsIP", CelOverloadDecl.newMemberOverload("cidr_contains_ip_ip", b, CIDR, IP),
            CelOverloadDecl.newMemberOverload("cidr_contains_ip_string", b, CIDR, s)),
        CelFunctionDecl.newFunctionDeclaration("containsCIDR",
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr", b, CIDR, CIDR),
            CelOverloadDecl.newMemberOverload("cidr_contains_cidr_string", b, CIDR, s)),
        CelFunctionDecl.newFunctionDeclaration("masked", CelOverloadDecl.newMemberOverload("cidr_masked", CIDR, CIDR)),
        CelFunctionDecl.newFunctionDeclaration("prefixLength",
            CelOverloadDecl.newMemberOverload("cidr_prefix_length", SimpleType.INT, CIDR)),
        CelFunctionDecl.newFunctionDeclaration("string", CelOverloadDecl.newGlobalOverload("ip_to_string", s, IP),
            CelOverloadDecl.newGlobalOverload("cidr_to_string", s, CIDR)));
  }

  private static CelFunctionDecl member(String name, String id, CelType result) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(id, result, IP));
  }

  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_ip", String.class, NetLibrary::ip),
        CelFunctionBinding.from("cidr_ip", Cidr.class, Cidr::ip),
        CelFunctionBinding.from("is_ip", String.class, x -> valid(() -> NetAddresses.ip(x))),
        CelFunctionBinding.from("ip_is_canonical", String.class, x -> ip(x).toString().equals(x)),
        CelFunctionBinding.from("ip_family", Ip.class, x -> (long) x.family()),
        CelFunctionBinding.from("ip_is_unspecified", Ip.class, NetAddresses::isUnspecified),
        CelFunctionBinding.from("ip_is_loopback", Ip.class, NetAddresses::isLoopback),
        CelFunctionBinding.from("ip_is_link_local_multicast", Ip.class, NetAddresses::isLinkLocalMulticast),
        CelFunctionBinding.from("ip_is_link_local_unicast", Ip.class, NetAddresses::isLinkLocalUnicast),
        CelFunctionBinding.from("ip_is_global_unicast", Ip.class, NetAddresses::isGlobalUnicast),
        CelFunctionBinding.from("string_to_cidr", String.class, NetLibrary::cidr),
        CelFunctionBinding.from("is_cidr", String.class, x -> valid(() -> NetAddresses.cidr(x))),
        CelFunctionBinding.from("cidr_contains_ip_ip", Cidr.class, Ip.class, Cidr::contains),
        CelFunctionBinding.from("cidr_contains_ip_string", Cidr.class, String.class, (c, x) -> c.contains(ip(x))),
        CelFunctionBinding.from("cidr_contains_cidr", Cidr.class, Cidr.class, NetLibrary::containsCidr),
        CelFunctionBinding.from("cidr_contains_cidr_string", Cidr.class, String.class, (c, x) -> containsCidr(c, cidr(x))),
        CelFunctionBinding.from("cidr_masked", Cidr.class, c -> new Cidr(c.masked(), c.bits())),
        CelFunctionBinding.from("cidr_prefix_length", Cidr.class, c -> (long) c.bits()),
        CelFunctionBinding.from("ip_to_string", Ip.class, Ip::toString),
        CelFunctionBinding.from("cidr_to_string", Cidr.class, Cidr::toString));
  }

  private static boolean containsCidr(Cidr outer, Cidr inner) {
    return outer.ip().family() == inner.ip().family() && outer.bits() <= inner.bits() && outer.contains(inner.ip());
  }

  private interface Parse {
    Object run() throws NetAddresses.Invalid;
  }

  private static boolean valid(Parse p) {
    try {
      p.run();
      return true;
    } catch (NetAddresses.Invalid e) {
      return false;
    }
  }

  private static Ip ip(String s) throws CelEvaluationException {
    try {
      return NetAddresses.ip(s);
    } catch (NetAddresses.Invalid e) {
      throw CelEvaluationExceptionBuilder.newBuilder("%s", e.getMessage()).build();
    }
  }

  private static Cidr cidr(String s) throws CelEvaluationException {
    try {
      return NetAddresses.cidr(s);
    } catch (NetAddresses.Invalid e) {
      throw CelEvaluationExceptionBuilder.newBuilder("%s", e.getMessage()).build();
    }
  }
}
