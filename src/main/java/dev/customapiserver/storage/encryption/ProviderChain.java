package dev.customapiserver.storage.encryption;

import dev.customapiserver.runtime.UnreadableValueException;
import dev.customapiserver.runtime.ValueTransformer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;

/**
 * The providers of one resource: the first writes, each reads what starts with its prefix.
 * Values are stored as text ({@code k8s:enc:aesgcm:v1:key1:} then the base64 of the sealed bytes),
 * since the storage keeps text. Unprefixed values are plaintext, readable only if {@code identity}
 * is among the providers (so removing it after rewriting everything proves nothing plain is left).
 * A value that does not read fails as kube's: {@code unable to transform key "<location>": <reason>}.
 */
final class ProviderChain implements ValueTransformer {
  private static final String ENCRYPTED = "k8s:enc:";

  private final List<Provider> providers;

  ProviderChain(List<Provider> providers) {
    if (providers.isEmpty()) {
      throw new IllegalArgumentException("at least one provider is required");
    }
    this.providers = List.copyOf(providers);
  }

  @Override
  public byte[] toStorage(byte[] plain, String location) {
    Provider writer = providers.get(0);
    if (writer.prefix().isEmpty()) {
      return plain;
    }
    byte[] sealed = writer.seal(plain, location.getBytes(StandardCharsets.UTF_8));
    return (writer.prefix() + Base64.getEncoder().encodeToString(sealed)).getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public byte[] fromStorage(byte[] stored, String location) {
    String text = new String(stored, 0, Math.min(stored.length, 512), StandardCharsets.ISO_8859_1);
    if (!text.startsWith(ENCRYPTED)) {
      if (providers.stream().anyMatch(p -> p.prefix().isEmpty())) {
        return stored;
      }
      throw new UnreadableValueException(location, "no matching prefix found", null);
    }
    for (Provider p : providers) {
      if (!p.prefix().isEmpty() && text.startsWith(p.prefix())) {
        String body = new String(stored, p.prefix().length(), stored.length - p.prefix().length(), StandardCharsets.US_ASCII);
        try {
          return p.open(Base64.getDecoder().decode(body.strip()), location.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
          throw new UnreadableValueException(location, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
          throw new UnreadableValueException(location, "the stored data is not valid base64", e);
        }
      }
    }
    throw new UnreadableValueException(location, "no matching prefix found", null);
  }
}
