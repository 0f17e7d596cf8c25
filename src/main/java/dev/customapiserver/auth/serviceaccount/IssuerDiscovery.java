package dev.customapiserver.auth.serviceaccount;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The service account issuer discovery documents kube-apiserver serves: the OpenID configuration
 * at {@code /.well-known/openid-configuration} and the key set at {@code /openid/v1/jwks}.
 */
public final class IssuerDiscovery {
  public static final String CONFIGURATION_PATH = "/.well-known/openid-configuration";
  public static final String JWKS_PATH = "/openid/v1/jwks";

  private IssuerDiscovery() {}

  /** The OpenID provider configuration: the issuer, its JWKS URI (under the issuer), RS256, public subjects. */
  public static Map<String, Object> configuration(String issuer) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("issuer", issuer);
    doc.put("jwks_uri", issuer.replaceAll("/+$", "") + JWKS_PATH);
    doc.put("response_types_supported", List.of("id_token"));
    doc.put("subject_types_supported", List.of("public"));
    doc.put("id_token_signing_alg_values_supported", List.of("RS256"));
    return doc;
  }
}
