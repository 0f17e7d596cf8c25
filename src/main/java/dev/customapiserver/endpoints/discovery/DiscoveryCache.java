package dev.customapiserver.endpoints.discovery;

import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Scheme;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Discovery documents rendered once per {@link Scheme#generation() generation} of the scheme: a
 * document is built (and its ETag computed) on its first request after the groups changed, and
 * served from memory until they change again.
 */
public final class DiscoveryCache {
  /** A rendered document and its ETag (quoted, as the header carries it). */
  public record Rendered(long generation, byte[] body, String etag) {}

  private final Scheme scheme;
  private final Codecs codecs;
  private final Map<String, Rendered> rendered = new ConcurrentHashMap<>();

  public DiscoveryCache(Scheme scheme, Codecs codecs) {
    this.scheme = scheme;
    this.codecs = codecs;
  }

  /** The document named {@code key} as of the current groups, built by {@code doc} when they changed. */
  public Rendered get(String key, Supplier<Map<String, Object>> doc) {
    long generation = scheme.generation(); // read before building: a newer document labelled older is rebuilt next time
    Rendered r = rendered.get(key);
    if (r == null || r.generation() != generation) {
      byte[] body = codecs.toJson(doc.get());
      r = new Rendered(generation, body, etag(body));
      rendered.put(key, r);
    }
    return r;
  }

  private static String etag(byte[] body) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-512").digest(body);
      return "\"" + HexFormat.of().withUpperCase().formatHex(d) + "\"";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** For tests: whether {@code body} is what {@link #etag} names. */
  static String etagOf(String body) {
    return etag(body.getBytes(StandardCharsets.UTF_8));
  }
}
