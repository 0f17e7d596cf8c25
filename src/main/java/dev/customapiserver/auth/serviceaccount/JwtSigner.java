package dev.customapiserver.auth.serviceaccount;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import dev.customapiserver.runtime.extension.TokenSigner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Signs service account tokens: RS256 with the signing key, its {@code kid} in the header, {@code aud} always an array, as kube does. */
public final class JwtSigner implements TokenSigner {
  private final ServiceAccountKeys keys;
  private final String issuer;
  private final List<String> audiences;
  private final Optional<Duration> maxExpiration;
  private final RSASSASigner signer;
  private final String keyId;

  public JwtSigner(ServiceAccountKeys keys, String issuer, Optional<Duration> maxExpiration) {
    this(keys, issuer, List.of(issuer), maxExpiration);
  }

  /** @param audiences the audiences this server accepts ({@code --api-audiences}) */
  public JwtSigner(ServiceAccountKeys keys, String issuer, List<String> audiences, Optional<Duration> maxExpiration) {
    this.keys = keys;
    this.issuer = issuer;
    this.audiences = List.copyOf(audiences);
    this.maxExpiration = maxExpiration;
    this.signer = new RSASSASigner(keys.signingKey());
    this.keyId = ServiceAccountKeys.keyId(keys.verifyingKeys().get(0));
  }

  @Override
  public String issuer() {
    return issuer;
  }

  @Override
  public List<String> audiences() {
    return audiences;
  }

  @Override
  public Optional<Duration> maxExpiration() {
    return maxExpiration;
  }

  @Override
  public String sign(Map<String, Object> claims) {
    try {
      // the claims as given (not JWTClaimsSet's, which writes a single audience as a string): kube's
      // tokens always carry "aud" as an array
      JWSObject jwt = new JWSObject(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(keyId).build(), new Payload(claims));
      jwt.sign(signer);
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException("signing a service account token failed: " + e.getMessage(), e);
    }
  }

  ServiceAccountKeys keys() {
    return keys;
  }
}
