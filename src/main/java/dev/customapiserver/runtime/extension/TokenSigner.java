package dev.customapiserver.runtime.extension;

import dev.customapiserver.api.errors.Errors;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server's token signing service, for modules that issue tokens (the core group's
 * ServiceAccount {@code token} subresource): signs JWT claims with the server's service account
 * key ({@code --service-account-signing-key-file}, or one generated under the data directory) and
 * names the issuer ({@code --service-account-issuer}) the server's token authenticator accepts.
 */
public interface TokenSigner {

  /** The issuer ({@code iss}) of the tokens. */
  String issuer();

  /**
   * The audiences this server accepts tokens for ({@code --api-audiences}, by default the issuer),
   * also those of a token requested without audiences.
   */
  default List<String> audiences() {
    return List.of(issuer());
  }

  /** The longest lifetime a token may get ({@code --service-account-max-token-expiration}), if capped. */
  Optional<Duration> maxExpiration();

  /** A signed compact JWT carrying {@code claims} (JSON values: strings, numbers, lists, maps). */
  String sign(Map<String, Object> claims);

  /** A signer that refuses with 503: for servers (and tests) without key material. */
  static TokenSigner unavailable() {
    return new TokenSigner() {
      @Override
      public String issuer() {
        return "";
      }

      @Override
      public Optional<Duration> maxExpiration() {
        return Optional.empty();
      }

      @Override
      public String sign(Map<String, Object> claims) {
        throw Errors.serviceUnavailable("no service account signing key is configured");
      }
    };
  }
}
