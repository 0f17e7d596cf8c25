package dev.customapiserver.auth.x509;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/** The common name and organizations of a certificate's subject (RFC 2253 parsed, attribute order kept). */
record SubjectNames(String commonName, List<String> organizations) {

  static SubjectNames of(X509Certificate cert) {
    String cn = "";
    List<String> orgs = new ArrayList<>();
    try {
      List<Rdn> rdns = new LdapName(cert.getSubjectX500Principal().getName()).getRdns(); // last first
      for (Rdn rdn : rdns) {
        String type = rdn.getType();
        String value = String.valueOf(rdn.getValue());
        if (type.equalsIgnoreCase("CN") && cn.isEmpty()) {
          cn = value;
        } else if (type.equalsIgnoreCase("O")) {
          orgs.add(value);
        }
      }
    } catch (InvalidNameException e) {
      return new SubjectNames("", List.of());
    }
    return new SubjectNames(cn, List.copyOf(orgs));
  }

  /** As Go's log of a certificate: {@code "CN=bob,O=dev" (issued by ..., valid until ...)}-like, short. */
  static String describe(X509Certificate cert) {
    return "\"" + cert.getSubjectX500Principal().getName() + "\" issued by \"" + cert.getIssuerX500Principal().getName()
        + "\"";
  }
}
