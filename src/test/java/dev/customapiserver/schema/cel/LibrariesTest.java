package dev.customapiserver.schema.cel;

import static dev.customapiserver.schema.cel.Schemas.errors;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("x-kubernetes-validations: kube's CEL libraries (strings, lists, regex, url, quantity) as rules see them")
class LibrariesTest {
  static String schema(String... rules) {
    StringBuilder s = new StringBuilder("""
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string}
              ports: {type: array, items: {type: integer}}
              endpoint: {type: string}
              memory: {type: string}
              limit: {type: string}
            x-kubernetes-validations:
        """);
    for (String r : rules) {
      s.append("    - rule: \"").append(r.replace("\"", "\\\"")).append("\"\n");
    }
    return s.toString();
  }

  static final String OBJECT = "{'spec':{'name':' Web-Server ','ports':[80,443,8080],"
      + "'endpoint':'https://user@example.com:8443/a%20b?x=1&x=2&y=3','memory':'1Gi','limit':'1500m'}}";

  @Test
  @DisplayName("rules that hold on the object give no error")
  void trueRules() {
    assertThat(errors(schema(
        "self.name.trim().lowerAscii() == 'web-server' && self.name.upperAscii() == ' WEB-SERVER '",
        "self.name.trim().split('-') == ['Web', 'Server'] && ['a', 'b'].join('-') == 'a-b' && self.name.indexOf('S') == 5",
        "self.name.matches('^ [A-Z]') && self.name.find('[A-Z][a-z]+') == 'Web' && self.name.findAll('[A-Z]') == ['W', 'S']",
        "self.ports.isSorted() && self.ports.sum() == 8603 && self.ports.min() == 80 && self.ports.max() == 8080",
        "self.ports.indexOf(443) == 1 && self.ports.lastIndexOf(1) == -1 && self.ports.exists_one(p, p == 80)",
        "sets.contains(self.ports, [80, 443]) && math.greatest(self.ports) == 8080",
        "isURL(self.endpoint) && url(self.endpoint).getScheme() == 'https' && url(self.endpoint).getHost() == 'example.com:8443'",
        "url(self.endpoint).getHostname() == 'example.com' && url(self.endpoint).getPort() == '8443'",
        "url(self.endpoint).getEscapedPath() == '/a%20b' && url(self.endpoint).getQuery()['x'] == ['1', '2'] && !isURL('a b')",
        "isQuantity(self.memory) && quantity(self.memory) == quantity('1024Mi') && quantity(self.memory).asInteger() == 1073741824",
        "quantity(self.limit).isGreaterThan(quantity('1')) && quantity(self.limit).add(quantity('500m')) == quantity('2')",
        "!quantity(self.limit).isInteger() && quantity('1e3').compareTo(quantity('1k')) == 0 && quantity('-1').sign() == -1",
        "!isQuantity('1.5.5') && quantity(self.limit).sub(1).asApproximateFloat() == 0.5"), OBJECT)).isEmpty();
  }

  @Test
  @DisplayName("library errors at run time read as kube's")
  void runtimeErrors() {
    assertThat(errors(schema("url(self.name).getScheme() == ''"), OBJECT)).containsExactly(
        "spec: Invalid value: \"object\": URL parse error during conversion from string:  Web-Server  evaluating rule: "
            + "url(self.name).getScheme() == ''");
    assertThat(errors(schema("[1].min() > 0 && self.ports.filter(p, p > 9000).max() > 0"), OBJECT)).containsExactly(
        "spec: Invalid value: \"object\": max called on empty list evaluating rule: "
            + "[1].min() > 0 && self.ports.filter(p, p > 9000).max() > 0");
  }
}
