package dev.customapiserver.schema.cel;

import com.google.common.net.InetAddresses;
import java.math.BigInteger;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * IP addresses and CIDRs as kube's CEL {@code ip}/{@code cidr} libraries parse them (Go's
 * {@code netip}): IPv4 without leading zeros, IPv6 without zones and not IPv4-mapped; texts in
 * Go's canonical form.
 */
final class NetAddresses {
  private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
  private static final Pattern BITS = Pattern.compile("0|[1-9][0-9]{0,2}");

  /** An address: 4 or 16 bytes. */
  record Ip(byte[] bytes) {
    int family() {
      return bytes.length == 4 ? 4 : 6;
    }

    BigInteger value() {
      return new BigInteger(1, bytes);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Ip other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      try {
        return InetAddresses.toAddrString(InetAddress.getByAddress(bytes));
      } catch (UnknownHostException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /** A prefix: its address as written (not masked) and its length. */
  record Cidr(Ip ip, int bits) {
    Ip masked() {
      int width = ip.bytes().length * 8;
      BigInteger mask = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE).shiftRight(bits).not();
      byte[] raw = ip.value().and(mask).toByteArray();
      byte[] out = new byte[ip.bytes().length];
      for (int i = 0; i < out.length && i < raw.length; i++) {
        out[out.length - 1 - i] = raw[raw.length - 1 - i];
      }
      return new Ip(out);
    }

    boolean contains(Ip other) {
      return other.family() == ip.family() && new Cidr(other, bits).masked().equals(masked());
    }

    @Override
    public String toString() {
      return ip + "/" + bits;
    }
  }

  /** Thrown with kube's message when a text is no address or prefix kube would take. */
  static final class Invalid extends Exception {
    Invalid(String message) {
      super(message);
    }
  }

  private NetAddresses() {}

  static Ip ip(String raw) throws Invalid {
    int zone = raw.indexOf('%');
    if (zone >= 0 && raw.contains(":") && zone < raw.length() - 1 && parse(raw.substring(0, zone)) != null) {
      throw new Invalid("IP address " + GoRuleSyntax.quote(raw) + " with zone value is not allowed");
    }
    Ip ip = parse(raw);
    if (ip == null) {
      throw new Invalid("IP Address " + GoRuleSyntax.quote(raw) + " parse error during conversion from string");
    }
    if (ip.family() == 4 && raw.contains(":")) {
      throw new Invalid("IPv4-mapped IPv6 address " + GoRuleSyntax.quote(raw) + " is not allowed");
    }
    return ip;
  }

  static Cidr cidr(String raw) throws Invalid {
    int slash = raw.lastIndexOf('/');
    String addr = slash < 0 ? raw : raw.substring(0, slash);
    String bits = slash < 0 ? "" : raw.substring(slash + 1);
    int zone = addr.indexOf('%');
    if (zone >= 0 && addr.contains(":") && zone < addr.length() - 1 && parse(addr.substring(0, zone)) != null
        && BITS.matcher(bits).matches()) {
      throw new Invalid("CIDR " + GoRuleSyntax.quote(raw) + " with zone value is not allowed");
    }
    Ip ip = parse(addr);
    if (ip == null || !BITS.matcher(bits).matches() || Integer.parseInt(bits) > ip.bytes().length * 8
        && !(ip.family() == 4 && addr.contains(":") && Integer.parseInt(bits) <= 128)) {
      throw new Invalid("CIDR " + GoRuleSyntax.quote(raw) + " parse error during conversion from string");
    }
    if (ip.family() == 4 && addr.contains(":")) {
      throw new Invalid("IPv4-mapped IPv6 address " + GoRuleSyntax.quote(raw) + " is not allowed");
    }
    return new Cidr(ip, Integer.parseInt(bits));
  }

  /** The address, or null; IPv4-mapped IPv6 addresses come back as IPv4 (the caller refuses them). */
  private static Ip parse(String s) {
    if (s.isEmpty() || s.contains("%")) {
      return null;
    }
    if (!s.contains(":")) {
      return IPV4.matcher(s).matches() ? new Ip(InetAddresses.forString(s).getAddress()) : null;
    }
    int lastColon = s.lastIndexOf(':');
    if (s.indexOf('.', lastColon) >= 0 && !IPV4.matcher(s.substring(lastColon + 1)).matches()) {
      return null;
    }
    if (!InetAddresses.isInetAddress(s)) {
      return null;
    }
    InetAddress a = InetAddresses.forString(s);
    return new Ip(a instanceof Inet4Address ? a.getAddress() : a.getAddress());
  }

  static boolean isLoopback(Ip ip) {
    byte[] b = ip.bytes();
    return ip.family() == 4 ? (b[0] & 0xff) == 127 : ip.value().equals(BigInteger.ONE);
  }

  static boolean isUnspecified(Ip ip) {
    return ip.value().signum() == 0;
  }

  static boolean isLinkLocalMulticast(Ip ip) {
    byte[] b = ip.bytes();
    return ip.family() == 4 ? (b[0] & 0xff) == 224 && b[1] == 0 && b[2] == 0 : (b[0] & 0xff) == 0xff && (b[1] & 0x0f) == 0x02;
  }

  static boolean isLinkLocalUnicast(Ip ip) {
    byte[] b = ip.bytes();
    return ip.family() == 4 ? (b[0] & 0xff) == 169 && (b[1] & 0xff) == 254 : (b[0] & 0xff) == 0xfe && (b[1] & 0xc0) == 0x80;
  }

  static boolean isGlobalUnicast(Ip ip) {
    byte[] b = ip.bytes();
    boolean multicast = ip.family() == 4 ? (b[0] & 0xf0) == 0xe0 : (b[0] & 0xff) == 0xff;
    boolean broadcast = ip.family() == 4 && ip.value().equals(BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE));
    return !broadcast && !multicast && !isUnspecified(ip) && !isLoopback(ip) && !isLinkLocalUnicast(ip);
  }
}
