package dev.customapiserver.auth.serviceaccount;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.TokenAuthenticator;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Accepts the server's service account tokens, as kube's JWT token authenticator: an RS256 JWT
 * from the issuer, signed by one of the verifying keys, not expired nor before its nbf, with the
 * audiences naming one of the server's ({@code --api-audiences}, by default the issuer), naming a service account that still exists with the uid in the
 * token. The user is {@code system:serviceaccount:<ns>:<name>} (uid the account's) in
 * {@code system:serviceaccounts}, {@code system:serviceaccounts:<ns>} and
 * {@code system:authenticated}, with the token's id as {@code authentication.kubernetes.io/credential-id}.
 * Tokens of other issuers, or not JWTs at all, are left to the next authenticator.
 */
public final class ServiceAccountAuthenticator implements TokenAuthenticator {
  private static final System.Logger LOG = System.getLogger(ServiceAccountAuthenticator.class.getName());

  private final String issuer;
  private final List<String> audiences;
  private final List<RSASSAVerifier> verifiers;
  private final BiFunction<String, String, Optional<String>> accountUids;
  private final Clock clock;

  /**
   * @param accountUids the uid of the service account named (namespace, name), empty if there is none
   */
  public ServiceAccountAuthenticator(ServiceAccountKeys keys, String issuer,
      BiFunction<String, String, Optional<String>> accountUids, Clock clock) {
    this(keys, issuer, List.of(issuer), accountUids, clock);
  }

  /** @param audiences the server's audiences: a token must name at least one */
  public ServiceAccountAuthenticator(ServiceAccountKeys keys, String issuer, List<String> audiences,
      BiFunction<String, String, Optional<String>> accountUids, Clock clock) {
    this.issuer = issuer;
    this.audiences = List.copyOf(audiences);
    this.verifiers = keys.verifyingKeys().stream().map(ServiceAccountAuthenticator::verifier).toList();
    this.accountUids = accountUids;
    this.clock = clock;
  }

  private static RSASSAVerifier verifier(RSAPublicKey k) {
    return new RSASSAVerifier(k);
  }

  @Override
  public Optional<UserInfo> authenticate(String token) {
    SignedJWT jwt;
    JWTClaimsSet claims;
    try {
      jwt = SignedJWT.parse(token);
      claims = jwt.getJWTClaimsSet();
    } catch (ParseException e) {
      return Optional.empty();
    }
    if (!issuer.equals(claims.getIssuer()) || !JWSAlgorithm.RS256.equals(jwt.getHeader().getAlgorithm()) || !signedByUs(jwt)) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    if (claims.getExpirationTime() == null || !now.isBefore(claims.getExpirationTime().toInstant())) {
      LOG.log(System.Logger.Level.DEBUG, "service account token expired");
      return Optional.empty();
    }
    if (claims.getNotBeforeTime() != null && now.isBefore(claims.getNotBeforeTime().toInstant())) {
      return Optional.empty();
    }
    if (claims.getAudience() == null || claims.getAudience().stream().noneMatch(audiences::contains)) {
      LOG.log(System.Logger.Level.DEBUG, "service account token audiences {0} are invalid for the target audiences {1}",
          claims.getAudience(), audiences);
      return Optional.empty();
    }
    Object k8s = claims.getClaim("kubernetes.io");
    if (!(k8s instanceof Map<?, ?> kubernetes) || !(kubernetes.get("serviceaccount") instanceof Map<?, ?> account)) {
      return Optional.empty();
    }
    String namespace = Objects.toString(kubernetes.get("namespace"), "");
    String name = Objects.toString(account.get("name"), "");
    String uid = Objects.toString(account.get("uid"), "");
    if (namespace.isEmpty() || name.isEmpty() || !("system:serviceaccount:" + namespace + ":" + name).equals(claims.getSubject())) {
      return Optional.empty();
    }
    if (!accountUids.apply(namespace, name).map(uid::equals).orElse(false)) {
      return Optional.empty(); // the account is gone, or was recreated: the token was bound to the old one
    }
    Map<String, List<String>> extra = claims.getJWTID() == null ? Map.of()
        : Map.of("authentication.kubernetes.io/credential-id", List.of("JTI=" + claims.getJWTID()));
    return Optional.of(new UserInfo("system:serviceaccount:" + namespace + ":" + name, uid,
        List.of("system:serviceaccounts", "system:serviceaccounts:" + namespace, "system:authenticated"), extra));
  }

  private boolean signedByUs(SignedJWT jwt) {
    for (RSASSAVerifier v : verifiers) {
      try {
        if (jwt.verify(v)) {
          return true;
        }
      } catch (JOSEException e) {
        // try the next key
      }
    }
    return false;
  }
}
