package dev.customapiserver.storage.cache;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.StorageException.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The continue token of a list served from the cache: its revision, namespace and last key, as
 * {@code wc.} + base64url. The dot is not in the base64url alphabet, so these tokens never look
 * like another store's and a list with one always comes back here.
 */
record CacheToken(long revision, String namespace, ObjectKey after) {
  private static final String PREFIX = "wc.";

  static boolean isCacheToken(String token) {
    return token.startsWith(PREFIX);
  }

  String encode() {
    String text = revision + "\n" + (namespace == null ? "\u0000" : namespace) + "\n" + after.namespace() + "\n"
        + after.name();
    return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static CacheToken decode(String token) {
    try {
      String text = new String(Base64.getUrlDecoder().decode(token.substring(PREFIX.length())), StandardCharsets.UTF_8);
      String[] parts = text.split("\n", -1);
      if (parts.length != 4) {
        throw new IllegalArgumentException("expected 4 parts");
      }
      String ns = parts[1].equals("\u0000") ? null : parts[1];
      return new CacheToken(Long.parseLong(parts[0]), ns, new ObjectKey(parts[2], parts[3]));
    } catch (IllegalArgumentException e) {
      throw new StorageException(Reason.INVALID_ARGUMENT, null, "unreadable continue token", e);
    }
  }
}
