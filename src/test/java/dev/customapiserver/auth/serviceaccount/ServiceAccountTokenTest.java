package dev.customapiserver.auth.serviceaccount;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jwt.SignedJWT;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.registry.RegistryContext;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.extension.ServerServices;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("ServiceAccount tokens: TokenRequest, signing, authentication bound to the account")
class ServiceAccountTokenTest {
  static final String ISSUER = "https://issuer.example";
  static final String SAS = "/api/v1/namespaces/default/serviceaccounts";
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static ServiceAccountKeys keys;
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    keys = ServiceAccountKeys.load(dir.resolve("pki/sa.key"), List.of());
    ServerServices services = new ServerServices(new JwtSigner(keys, ISSUER, Optional.of(Duration.ofHours(2))), Clock.systemUTC());
    List<ApiGroup> groups = ServiceLoader.load(ApiGroupModule.class).stream().map(p -> p.get().apiGroup(services)).toList();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static ServiceAccountAuthenticator authenticator(Clock clock) {
    return authenticator(clock, List.of(ISSUER));
  }

  static ServiceAccountAuthenticator authenticator(Clock clock, List<String> audiences) {
    ResourceType<?> type = server.registry().scheme().resource("", "serviceaccounts").orElseThrow();
    return new ServiceAccountAuthenticator(keys, ISSUER, audiences, (ns, name) -> {
      try {
        KubeObject sa = server.registry().store(type).get(new RegistryContext(ns, UserInfo.of("t", "system:masters")), name);
        return Optional.of(sa.metadata().uid);
      } catch (ApiException e) {
        return Optional.empty();
      }
    }, clock);
  }

  static String token(String account, String body) throws Exception {
    HttpResponse<String> r = server.send("POST", SAS + "/" + account + "/token", body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    return JSON.readTree(r.body()).at("/status/token").asText();
  }

  @Test
  @DisplayName("a token authenticates as system:serviceaccount:<ns>:<name> until the account is deleted")
  void boundToTheAccount() throws Exception {
    assertThat(server.send("POST", SAS, "{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"robot\"}}")
        .statusCode()).isEqualTo(201);
    HttpResponse<String> r = server.send("POST", SAS + "/robot/token", "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"TokenRequest\"}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode answer = JSON.readTree(r.body());
    assertThat(answer.at("/kind").asText()).isEqualTo("TokenRequest");
    assertThat(answer.at("/spec/expirationSeconds").asLong()).isEqualTo(3600);
    assertThat(answer.at("/spec/audiences/0").asText()).isEqualTo(ISSUER);
    String token = answer.at("/status/token").asText();

    UserInfo user = authenticator(Clock.systemUTC()).authenticate(token).orElseThrow();
    assertThat(user.name()).isEqualTo("system:serviceaccount:default:robot");
    assertThat(user.groups()).containsExactly("system:serviceaccounts", "system:serviceaccounts:default", "system:authenticated");
    assertThat(user.extra()).containsKey("authentication.kubernetes.io/credential-id");

    SignedJWT jwt = SignedJWT.parse(token);
    assertThat(jwt.getJWTClaimsSet().getSubject()).isEqualTo("system:serviceaccount:default:robot");
    JsonNode jwks = JSON.valueToTree(keys.jwks());
    assertThat(jwt.getHeader().getKeyID()).isEqualTo(jwks.at("/keys/0/kid").asText());

    assertThat(server.send("DELETE", SAS + "/robot", null).statusCode()).isEqualTo(200);
    assertThat(authenticator(Clock.systemUTC()).authenticate(token)).isEmpty();
    server.send("POST", SAS, "{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"robot\"}}");
    assertThat(authenticator(Clock.systemUTC()).authenticate(token)).as("a new account of the same name has another uid").isEmpty();
  }

  @Test
  @DisplayName("expirationSeconds is honoured (capped by the maximum), refused below 10 minutes; an expired token is refused")
  void expiration() throws Exception {
    server.send("POST", SAS, "{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"timed\"}}");
    String token = token("timed", "{\"spec\":{\"expirationSeconds\":1200}}");
    SignedJWT jwt = SignedJWT.parse(token);
    long lifetime = jwt.getJWTClaimsSet().getExpirationTime().toInstant().getEpochSecond()
        - jwt.getJWTClaimsSet().getIssueTime().toInstant().getEpochSecond();
    assertThat(lifetime).isEqualTo(1200);
    Instant later = jwt.getJWTClaimsSet().getExpirationTime().toInstant().plusSeconds(1);
    assertThat(authenticator(Clock.fixed(later, ZoneOffset.UTC)).authenticate(token)).isEmpty();
    assertThat(authenticator(Clock.systemUTC()).authenticate(token)).isPresent();

    JsonNode capped = JSON.readTree(server.send("POST", SAS + "/timed/token", "{\"spec\":{\"expirationSeconds\":86400}}").body());
    assertThat(capped.at("/spec/expirationSeconds").asLong()).isEqualTo(7200);

    HttpResponse<String> tooShort = server.send("POST", SAS + "/timed/token", "{\"spec\":{\"expirationSeconds\":60}}");
    assertThat(tooShort.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(tooShort.body()).at("/message").asText()).isEqualTo("TokenRequest.authentication.k8s.io \"timed\" is invalid: "
        + "spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes");
    assertThat(server.send("POST", SAS + "/nobody/token", "{}").statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("tokens of another issuer, or signed by another key, are left to the next authenticator")
  void foreignTokens() throws Exception {
    server.send("POST", SAS, "{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"other\"}}");
    ServiceAccountKeys otherKeys = ServiceAccountKeys.load(Files.createDirectories(dir.resolve("other")).resolve("k.key"), List.of());
    String forged = new JwtSigner(otherKeys, ISSUER, Optional.empty()).sign(java.util.Map.of("iss", ISSUER,
        "sub", "system:serviceaccount:default:other", "aud", List.of(ISSUER), "exp", Instant.now().plusSeconds(600).getEpochSecond()));
    assertThat(authenticator(Clock.systemUTC()).authenticate(forged)).isEmpty();
    assertThat(authenticator(Clock.systemUTC()).authenticate("not-a-jwt")).isEmpty();
    assertThat(IssuerDiscovery.configuration(ISSUER)).containsEntry("jwks_uri", ISSUER + "/openid/v1/jwks");
  }

  @Test
  @DisplayName("aud is always a JSON array, as in kube's tokens; only tokens for one of the server's audiences authenticate")
  void audiences() throws Exception {
    server.send("POST", SAS, "{\"apiVersion\":\"v1\",\"kind\":\"ServiceAccount\",\"metadata\":{\"name\":\"aud\"}}");
    String token = token("aud", "{}");
    JsonNode claims = JSON.readTree(java.util.Base64.getUrlDecoder().decode(token.split("\\.")[1]));
    assertThat(claims.get("aud").toString()).isEqualTo("[\"" + ISSUER + "\"]");
    assertThat(authenticator(Clock.systemUTC()).authenticate(token)).isPresent();

    String other = token("aud", "{\"spec\":{\"audiences\":[\"other\"]}}");
    assertThat(JSON.readTree(java.util.Base64.getUrlDecoder().decode(other.split("\\.")[1])).get("aud").toString())
        .isEqualTo("[\"other\"]");
    assertThat(authenticator(Clock.systemUTC()).authenticate(other)).as("made for another audience").isEmpty();
    assertThat(authenticator(Clock.systemUTC(), List.of("api", "other")).authenticate(other)).isPresent();
    assertThat(authenticator(Clock.systemUTC(), List.of("api", "other")).authenticate(token)).isEmpty();
  }
}
