package dev.customapiserver.auth.requestheader;

import dev.customapiserver.api.meta.UserInfo;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x500.style.IETFUtils;

/**
 * Trusts the identity headers of a request only when it came with a client certificate that verifies
 * against the request-header CA and whose common name is allowed, as kube's {@code
 * x509request.Verifier} around {@code headerrequest}:
 * <ul>
 *   <li>no client certificate, or no configuration (yet): {@link NotApplicable}, the next
 *       authenticator decides (and the identity headers must not be trusted by anyone);
 *   <li>a certificate that does not verify or whose CN is not allowed: {@link Failed} (kube goes on
 *       with the next authenticators and answers 401 if none succeeds);
 *   <li>a verified proxy but no user-name header: {@link NotApplicable};
 *   <li>otherwise {@link Authenticated}: name, UID, groups and extra (keys lower-cased and
 *       URL-unescaped) from the headers.
 * </ul>
 * The configuration is read per request, so a rotated CA (from the ConfigMap) applies at once.
 */
public final class RequestHeaderAuthenticator {
  private final Supplier<Optional<RequestHeaderConfig>> config;
  private final Clock clock;

  public RequestHeaderAuthenticator(Supplier<Optional<RequestHeaderConfig>> config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  /** A fixed configuration (from the {@code --requestheader-*} flags). */
  public static RequestHeaderAuthenticator of(RequestHeaderConfig config) {
    return new RequestHeaderAuthenticator(() -> Optional.of(config), Clock.systemUTC());
  }

  /** The outcome for a request. */
  public sealed interface Result permits NotApplicable, Authenticated, Failed {}

  /** Not a proxied request (or no user header): another authenticator decides. */
  public record NotApplicable() implements Result {}

  /** A trusted proxy vouches for {@code user}. */
  public record Authenticated(UserInfo user) implements Result {}

  /** A certificate was presented but does not make a trusted proxy; {@code reason} is for the log. */
  public record Failed(String reason) implements Result {}

  /** Decides for a request with {@code peerChain} (leaf first, empty without a certificate) and {@code headers}. */
  public Result authenticate(List<X509Certificate> peerChain, RequestHeaders headers) {
    Optional<RequestHeaderConfig> current = config.get();
    if (peerChain.isEmpty() || current.isEmpty()) {
      return new NotApplicable();
    }
    RequestHeaderConfig c = current.get();
    Optional<String> invalid = ClientCertificates.verify(peerChain, c.clientCa(), clock.instant());
    if (invalid.isPresent()) {
      return new Failed(invalid.get());
    }
    String cn = commonName(peerChain.get(0).getSubjectX500Principal());
    if (!c.allowedNames().isEmpty() && !c.allowedNames().contains(cn)) {
      return new Failed("x509: subject with cn=" + cn + " is not in the allowed list");
    }
    Optional<String> name = first(headers, c.usernameHeaders());
    if (name.isEmpty()) {
      return new NotApplicable();
    }
    return new Authenticated(new UserInfo(name.get(), first(headers, c.uidHeaders()).orElse(""),
        all(headers, c.groupHeaders()), extra(headers, c.extraHeaderPrefixes())));
  }

  /**
   * The header names of {@code headers} that carry identity under {@code config} (user, UID, group
   * headers and those starting with an extra prefix): the ones to remove before anything else reads
   * the request, whether they were trusted or not.
   */
  public static List<String> identityHeaders(RequestHeaderConfig config, List<String> headerNames) {
    List<String> fixed = new ArrayList<>();
    fixed.addAll(config.usernameHeaders());
    fixed.addAll(config.uidHeaders());
    fixed.addAll(config.groupHeaders());
    return headerNames.stream().filter(h -> fixed.stream().anyMatch(h::equalsIgnoreCase)
        || config.extraHeaderPrefixes().stream().anyMatch(p -> startsWithIgnoreCase(h, p))).toList();
  }

  /** The current configuration, if any (for callers that strip headers). */
  public Optional<RequestHeaderConfig> currentConfig() {
    return config.get();
  }

  private static Optional<String> first(RequestHeaders headers, List<String> names) {
    for (String n : names) {
      Optional<String> v = headers.values(n).stream().findFirst(); // Go's Header.Get: the first line only
      if (v.isPresent() && !v.get().isEmpty()) {
        return v;
      }
    }
    return Optional.empty();
  }

  private static List<String> all(RequestHeaders headers, List<String> names) {
    List<String> values = new ArrayList<>();
    names.forEach(n -> headers.values(n).stream().filter(s -> !s.isEmpty()).forEach(values::add));
    return values;
  }

  private static Map<String, List<String>> extra(RequestHeaders headers, List<String> prefixes) {
    Map<String, List<String>> extra = new LinkedHashMap<>();
    for (String prefix : prefixes) {
      for (String header : headers.names()) {
        if (startsWithIgnoreCase(header, prefix)) {
          String key = unescape(header.substring(prefix.length()).toLowerCase(Locale.ROOT));
          extra.computeIfAbsent(key, k -> new ArrayList<>()).addAll(headers.values(header));
        }
      }
    }
    Map<String, List<String>> frozen = new LinkedHashMap<>();
    extra.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
    return frozen;
  }

  /** Go's {@code url.PathUnescape}: %XX decoded, '+' kept; a malformed key is kept as sent. */
  static String unescape(String key) {
    if (!key.contains("%")) {
      return key;
    }
    try {
      return URLDecoder.decode(key.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return key;
    }
  }

  private static boolean startsWithIgnoreCase(String s, String prefix) {
    return s.regionMatches(true, 0, prefix, 0, prefix.length());
  }

  /** The (last) CN of a subject, as Go's {@code pkix.Name.CommonName}; empty when none. */
  static String commonName(X500Principal subject) {
    RDN[] cns = X500Name.getInstance(subject.getEncoded()).getRDNs(BCStyle.CN);
    return cns.length == 0 ? "" : IETFUtils.valueToString(cns[cns.length - 1].getFirst().getValue());
  }
}
