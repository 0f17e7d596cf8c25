package dev.customapiserver.runtime.extension;

import java.time.Clock;

/**
 * What the server offers group modules beyond storage and the request pipeline, handed to
 * {@code ApiGroupModule.apiGroup(ServerServices)} once at start.
 *
 * @param tokens signs tokens with the server's service account key
 * @param clock the server's clock
 */
public record ServerServices(TokenSigner tokens, Clock clock) {

  /** No key material, the system clock: what {@code apiGroup()} without arguments builds with. */
  public static ServerServices none() {
    return new ServerServices(TokenSigner.unavailable(), Clock.systemUTC());
  }
}
