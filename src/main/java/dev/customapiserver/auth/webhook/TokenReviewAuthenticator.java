package dev.customapiserver.auth.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.client.ClusterClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kube's webhook token authenticator: a bearer token is posted as an {@code authentication.k8s.io/v1}
 * TokenReview; {@code status.authenticated} with {@code status.user} names the user. Answers (yes and
 * no) are cached for the TTL under the token's SHA-256; a failed call (unreachable, an error status,
 * an answer that is not a TokenReview) is not cached and leaves the token unknown, so the request is
 * 401 unless another authenticator knows it.
 */
public final class TokenReviewAuthenticator implements TokenAuthenticator {
  /** Where the core cluster serves TokenReviews. */
  public static final String CLUSTER_PATH = "/apis/authentication.k8s.io/v1/tokenreviews";
  private static final System.Logger LOG = System.getLogger(TokenReviewAuthenticator.class.getName());
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ClusterClient client;
  private final String path;
  private final Duration ttl;
  private final ExpiringCache<String, Optional<UserInfo>> cache;

  /**
   * @param path {@link #CLUSTER_PATH} for a cluster, {@code ""} for a webhook (its kubeconfig names the URL)
   * @param ttl how long answers are reused; zero = ask every time
   */
  public TokenReviewAuthenticator(ClusterClient client, String path, Duration ttl, Clock clock) {
    this.client = client;
    this.path = path;
    this.ttl = ttl;
    this.cache = new ExpiringCache<>(4096, clock);
  }

  @Override
  public Optional<UserInfo> authenticate(String token) {
    String key = sha256(token);
    Optional<Optional<UserInfo>> cached = cache.get(key);
    if (cached.isPresent()) {
      return cached.get();
    }
    ObjectNode review = JSON.createObjectNode().put("apiVersion", "authentication.k8s.io/v1").put("kind", "TokenReview");
    review.putObject("spec").put("token", token);
    ClusterClient.Response r;
    try {
      r = Retry.send(() -> client.post(path, review));
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "Failed to make webhook authenticator request to " + client.url(path) + ": " + e);
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
    JsonNode status = r.body().path("status");
    if (!r.ok() || !"TokenReview".equals(r.body().path("kind").asText())) {
      LOG.log(System.Logger.Level.WARNING, "Failed to make webhook authenticator request to " + client.url(path)
          + ": HTTP " + r.code() + " " + r.body().path("message").asText(""));
      return Optional.empty();
    }
    Optional<UserInfo> user = status.path("authenticated").asBoolean(false) ? Optional.of(user(status.path("user")))
        : Optional.empty();
    if (user.isEmpty() && !status.path("error").asText("").isEmpty()) {
      LOG.log(System.Logger.Level.DEBUG, "token review: " + status.path("error").asText());
    }
    cache.put(key, user, ttl);
    return user;
  }

  private static UserInfo user(JsonNode u) {
    List<String> groups = new ArrayList<>();
    u.path("groups").forEach(g -> groups.add(g.asText()));
    Map<String, List<String>> extra = new LinkedHashMap<>();
    u.path("extra").fields().forEachRemaining(e -> {
      List<String> values = new ArrayList<>();
      e.getValue().forEach(v -> values.add(v.asText()));
      extra.put(e.getKey(), List.copyOf(values));
    });
    return new UserInfo(u.path("username").asText(""), u.path("uid").asText(""), groups, extra);
  }

  private static String sha256(String token) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
