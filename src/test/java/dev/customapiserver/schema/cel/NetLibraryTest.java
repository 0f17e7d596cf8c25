package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: kube's ip and cidr libraries")
class NetLibraryTest {
  static String schema(String rule) {
    return """
        type: object
        properties:
          spec:
            type: object
            properties:
              address: {type: string}
              network: {type: string}
            x-kubernetes-validations:
            - rule: "%s"
        """.formatted(rule.replace("\"", "\\\""));
  }

  static final String OBJECT = "{'spec':{'address':'10.0.0.7','network':'10.0.0.0/24'}}";

  static void holds(String rule) {
    assertThat(errors(schema(rule), OBJECT)).as(rule).isEmpty();
  }

  static String error(String rule) {
    var errs = errors(schema(rule), OBJECT);
    assertThat(errs).as(rule).hasSize(1);
    return errs.get(0);
  }

  @Test
  @DisplayName("ip(): family, kinds of addresses, canonical form, equality, string()")
  void ips() {
    holds("isIP(self.address) && ip(self.address).family() == 4 && ip('::1').family() == 6");
    holds("!isIP('192.168.0.1.0') && !isIP('010.0.0.1') && !isIP('fe80::1%en0') && !isIP('::ffff:192.168.0.1') && !isIP('')");
    holds("ip.isCanonical('127.0.0.1') && ip.isCanonical('2001:db8::abcd') && !ip.isCanonical('2001:DB8::ABCD') "
        + "&& !ip.isCanonical('2001:db8:0:0:0:0:0:abcd')");
    holds("ip('127.0.0.1').isLoopback() && ip('::1').isLoopback() && !ip(self.address).isLoopback()");
    holds("ip('0.0.0.0').isUnspecified() && ip('::').isUnspecified() && !ip('::1').isUnspecified()");
    holds("ip('224.0.0.1').isLinkLocalMulticast() && ip('ff02::1').isLinkLocalMulticast() && !ip('224.0.1.1').isLinkLocalMulticast()");
    holds("ip('169.254.169.254').isLinkLocalUnicast() && ip('fe80::1').isLinkLocalUnicast() && !ip(self.address).isLinkLocalUnicast()");
    holds("ip(self.address).isGlobalUnicast() && ip('2001:db8::abcd').isGlobalUnicast() && !ip('255.255.255.255').isGlobalUnicast()");
    holds("string(ip('2001:DB8:0:0:0:0:0:ABCD')) == '2001:db8::abcd' && ip('127.0.0.1') == ip('127.0.0.1') "
        + "&& ip('10.0.0.1') != ip('10.0.0.2') && string(1) == '1' && string(b'a') == 'a'");
  }

  @Test
  @DisplayName("cidr(): containsIP, containsCIDR, ip(), masked(), prefixLength(), string()")
  void cidrs() {
    holds("isCIDR(self.network) && cidr(self.network).containsIP(ip(self.address)) && cidr(self.network).containsIP('10.0.0.255')");
    holds("!cidr(self.network).containsIP('10.0.1.0') && !cidr(self.network).containsIP('::1')");
    holds("cidr('192.168.0.0/24').containsCIDR('192.168.0.0/25') && cidr('192.168.0.0/24').containsCIDR(cidr('192.168.0.128/25'))");
    holds("!cidr('192.168.0.0/24').containsCIDR('192.168.0.0/23') && cidr('2001:db8::/32').containsIP('2001:db8::1')");
    holds("cidr('192.168.0.1/24').ip() == ip('192.168.0.1') && cidr('192.168.0.1/24').masked() == cidr('192.168.0.0/24')");
    holds("cidr('192.168.0.1/24').prefixLength() == 24 && string(cidr('2001:DB8::/32')) == '2001:db8::/32' "
        + "&& string(cidr('192.168.0.1/24').masked()) == '192.168.0.0/24'");
    holds("!isCIDR('192.168.0.0/') && !isCIDR('192.168.0.0/33') && !isCIDR('::ffff:192.168.0.1/24') && !isCIDR('10.0.0.1')");
  }

  @Test
  @DisplayName("bad addresses stop the rule with kube's messages")
  void errorsReadAsKube() {
    assertThat(error("ip('fe80::1%en0').family() == 6"))
        .startsWith("spec: Invalid value: \"object\": IP address \"fe80::1%en0\" with zone value is not allowed evaluating rule: ");
    assertThat(error("ip('::ffff:192.168.0.1').family() == 6"))
        .contains("IPv4-mapped IPv6 address \"::ffff:192.168.0.1\" is not allowed evaluating rule");
    assertThat(error("ip('192.168.0.1.0').family() == 4"))
        .contains("IP Address \"192.168.0.1.0\" parse error during conversion from string evaluating rule");
    assertThat(error("cidr('192.168.0.0/').prefixLength() == 0"))
        .contains("CIDR \"192.168.0.0/\" parse error during conversion from string evaluating rule");
    assertThat(error("cidr('fe80::1%en0/24').prefixLength() == 24"))
        .contains("CIDR \"fe80::1%en0/24\" with zone value is not allowed");
  }

  @Test
  @DisplayName("isIP on a CIDR does not compile")
  void typeChecked() {
    assertThat(error("isIP(cidr(self.network))")).contains("found no matching overload for 'isIP' applied to '(net.CIDR)'");
  }
}
