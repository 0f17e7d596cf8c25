package dev.customapiserver.groups.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.apis.core.ServiceAccount;
import dev.customapiserver.apis.core.ServiceAccountProtobuf;
import dev.customapiserver.apis.core.TokenRequest;
import dev.customapiserver.runtime.Action;
import dev.customapiserver.runtime.GroupVersionKind;
import dev.customapiserver.runtime.extension.TokenSigner;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * {@code POST serviceaccounts/{name}/token}: a TokenRequest answered with a JWT for the service
 * account, as kube's TokenREST. {@code expirationSeconds} defaults to 3600, must be at least 600 and
 * at most 2^32, and is capped by {@code --service-account-max-token-expiration}; audiences default
 * to the issuer. The claims are kube's: iss, sub {@code system:serviceaccount:<ns>:<name>}, aud,
 * iat, nbf, exp, jti, and {@code kubernetes.io} with the namespace and the service account's name
 * and uid (which binds the token to this very account: once it is deleted the token is refused).
 */
public final class TokenAction implements Action<ServiceAccount, TokenRequest> {
  static final long DEFAULT_EXPIRATION = 3600;
  static final long MIN_EXPIRATION = 600;
  static final long MAX_EXPIRATION = 1L << 32;

  private final TokenSigner signer;
  private final Clock clock;

  TokenAction(TokenSigner signer, Clock clock) {
    this.signer = signer;
    this.clock = clock;
  }

  @Override
  public Class<TokenRequest> requestType() {
    return TokenRequest.class;
  }

  @Override
  public GroupVersionKind kind() {
    return new GroupVersionKind("authentication.k8s.io", "v1", TokenRequest.KIND);
  }

  @Override
  public Function<ByteString, TokenRequest> protobuf() {
    return ServiceAccountProtobuf::tokenRequest;
  }

  @Override
  public Object perform(ServiceAccount sa, TokenRequest request) {
    TokenRequest.Spec spec = request.spec == null ? new TokenRequest.Spec() : request.spec;
    long seconds = spec.expirationSeconds == null ? DEFAULT_EXPIRATION : spec.expirationSeconds;
    List<FieldError> errors = new ArrayList<>();
    if (seconds < MIN_EXPIRATION) {
      errors.add(FieldError.invalid("spec.expirationSeconds", seconds, "may not specify a duration less than 10 minutes"));
    }
    if (seconds > MAX_EXPIRATION) {
      errors.add(FieldError.invalid("spec.expirationSeconds", seconds, "may not specify a duration larger than 2^32 seconds"));
    }
    if (spec.boundObjectRef != null) {
      errors.add(FieldError.notSupported("spec.boundObjectRef.kind", spec.boundObjectRef.kind, List.of()));
    }
    if (!errors.isEmpty()) {
      throw Errors.invalid(new Errors.Kind("authentication.k8s.io", TokenRequest.KIND), sa.metadata.name, errors);
    }
    long granted = signer.maxExpiration().map(max -> Math.min(seconds, max.toSeconds())).orElse(seconds);
    List<String> audiences = spec.audiences == null || spec.audiences.isEmpty() ? signer.audiences() : spec.audiences;
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    Instant expires = now.plusSeconds(granted);

    Map<String, Object> account = new LinkedHashMap<>();
    account.put("name", sa.metadata.name);
    account.put("uid", sa.metadata.uid);
    Map<String, Object> kubernetes = new LinkedHashMap<>();
    kubernetes.put("namespace", sa.metadata.namespace);
    kubernetes.put("serviceaccount", account);
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("aud", audiences);
    claims.put("exp", expires.getEpochSecond());
    claims.put("iat", now.getEpochSecond());
    claims.put("iss", signer.issuer());
    claims.put("jti", UUID.randomUUID().toString());
    claims.put("kubernetes.io", kubernetes);
    claims.put("nbf", now.getEpochSecond());
    claims.put("sub", "system:serviceaccount:" + sa.metadata.namespace + ":" + sa.metadata.name);

    TokenRequest out = new TokenRequest();
    out.apiVersion = TokenRequest.API_VERSION;
    out.kind = TokenRequest.KIND;
    out.metadata = new ObjectMeta();
    out.metadata.name = sa.metadata.name;
    out.metadata.namespace = sa.metadata.namespace;
    out.metadata.creationTimestamp = now;
    out.spec = new TokenRequest.Spec();
    out.spec.audiences = audiences;
    out.spec.expirationSeconds = granted;
    out.status = new TokenRequest.Status();
    out.status.token = signer.sign(claims);
    out.status.expirationTimestamp = expires;
    return out;
  }
}
