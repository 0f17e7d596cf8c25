package dev.customapiserver.server.embedded;

import dev.customapiserver.server.datadir.DataDirectory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** What a bind address means for clients (the kubeconfig's host) and for the certificate. */
final class BindAddresses {
  private BindAddresses() {}

  /** The host a local client uses: loopback for wildcard addresses, the address itself otherwise. */
  static String clientHost(String bindAddress) {
    InetAddress a = parse(bindAddress);
    if (a.isAnyLocalAddress()) {
      return a.getAddress().length == 4 ? "127.0.0.1" : "[::1]";
    }
    return a.getAddress().length == 4 ? a.getHostAddress() : "[" + a.getHostAddress() + "]";
  }

  /** Extra IP names the generated certificate needs beyond the loopback ones. */
  static List<String> certificateIps(String bindAddress) {
    InetAddress a = parse(bindAddress);
    if (a.isAnyLocalAddress() || a.isLoopbackAddress()
        || DataDirectory.LOOPBACK_IPS.contains(a.getHostAddress())) {
      return List.of();
    }
    return List.of(a.getHostAddress());
  }

  private static InetAddress parse(String ipLiteral) {
    try {
      return InetAddress.getByName(ipLiteral); // validated as a literal: no DNS lookup
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an IP address: " + ipLiteral, e);
    }
  }
}
