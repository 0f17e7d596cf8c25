package dev.customapiserver.server.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/** Recognises IP address literals without ever asking DNS. */
final class IpLiterals {
  private static final Pattern IPV4 =
      Pattern.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
  private static final Pattern IPV6_CHARS = Pattern.compile("[0-9a-fA-F:.]+");

  private IpLiterals() {}

  static boolean isIpLiteral(String s) {
    if (IPV4.matcher(s).matches()) {
      return true;
    }
    if (!s.contains(":") || !IPV6_CHARS.matcher(s).matches()) {
      return false;
    }
    try {
      InetAddress.getByName(s); // a literal containing ':' is parsed, never looked up
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
