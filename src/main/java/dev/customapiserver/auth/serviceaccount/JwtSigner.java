package dev.customapiserver.auth.serviceaccount;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.customapiserver.runtime.extension.TokenSigner;
import java.text.ParseException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Signs service account tokens: RS256 with the signing key, its {@code kid} in the header, as kube does. */
public final class JwtSigner implements TokenSigner {
  private final ServiceAccountKeys keys;
  private final String issuer;
  private final Optional<Duration> maxExpiration;
  private final RSASSASigner signer;
  private final String keyId;

  public JwtSigner(ServiceAccountKeys keys, String issuer, Optional<Duration> maxExpiration) {
    this.keys = keys;
    this.issuer = issuer;
    this.maxExpiration = maxExpiration;
    this.signer = new RSASSASigner(keys.signingKey());
    this.keyId = ServiceAccountKeys.keyId(keys.verifyingKeys().get(0));
  }

  @Override
  public String issuer() {
    return issuer;
  }

  @Override
  public Optional<Duration> maxExpiration() {
    return maxExpiration;
  }

  @Override
  public String sign(Map<String, Object> claims) {
    try {
      SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(keyId).build(), JWTClaimsSet.parse(claims));
      jwt.sign(signer);
      return jwt.serialize();
    } catch (JOSEException | ParseException e) {
      throw new IllegalStateException("signing a service account token failed: " + e.getMessage(), e);
    }
  }

  ServiceAccountKeys keys() {
    return keys;
  }
}
