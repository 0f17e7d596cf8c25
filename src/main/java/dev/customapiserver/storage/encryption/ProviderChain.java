package dev.customapiserver.storage.encryption;

import dev.customapiserver.runtime.ValueTransformer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The providers of one resource: the first writes, each reads what starts with its prefix.
 * Values are stored as text ({@code k8s:enc:aescbc:v1:key1:} then the base64 of the sealed bytes),
 * since the storage keeps text. Unprefixed values are plaintext, readable only if {@code identity}
 * is among the providers (so removing it after rewriting everything proves nothing plain is left).
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
  public byte[] toStorage(byte[] plain) {
    Provider writer = providers.get(0);
    if (writer.prefix().isEmpty()) {
      return plain;
    }
    return (writer.prefix() + Base64.getEncoder().encodeToString(writer.seal(plain))).getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public byte[] fromStorage(byte[] stored) {
    String text = new String(stored, 0, Math.min(stored.length, 512), StandardCharsets.ISO_8859_1);
    if (!text.startsWith(ENCRYPTED)) {
      if (providers.stream().anyMatch(p -> p.prefix().isEmpty())) {
        return stored;
      }
      throw new IllegalStateException("no matching prefix found: the stored value is not encrypted and identity is not a provider");
    }
    for (Provider p : providers) {
      if (!p.prefix().isEmpty() && text.startsWith(p.prefix())) {
        String body = new String(stored, p.prefix().length(), stored.length - p.prefix().length(), StandardCharsets.US_ASCII);
        return p.open(Base64.getDecoder().decode(body));
      }
    }
    throw new IllegalStateException("no matching prefix found: no provider reads "
        + text.substring(0, Math.min(text.length(), text.indexOf(':', ENCRYPTED.length() + 12) + 1)));
  }
}
