package dev.customapiserver.auth.reviews;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.api.meta.UserInfo;
import dev.customapiserver.groups.authentication.AuthenticationModule;
import dev.customapiserver.auth.AuthenticationChain;
import dev.customapiserver.auth.TokenAuthenticator;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("authentication.k8s.io/v1 TokenReview and SelfSubjectReview through the REST layer")
class ReviewsRestTest {
  static final String GV = "/apis/authentication.k8s.io/v1/";
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    AuthenticationChain chain = AuthenticationChain.ofTokens(List.of(TokenAuthenticator.of(Map.of(
        "alice-token", new UserInfo("alice", "u-1", List.of("dev"), Map.of("scopes", List.of("a")))))));
    server = TestServer.withVirtualCreates(List.of(new AuthenticationModule().apiGroup()), new MemoryStorageBackend(),
        List.of(SelfSubjectReviews.resource(), TokenReviews.resource(chain)));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static JsonNode json(HttpResponse<String> r) throws Exception {
    return new ObjectMapper().readTree(r.body());
  }

  @Test
  @DisplayName("a known token: authenticated, with the user's name, uid, groups (+ system:authenticated) and extra")
  void knownToken() throws Exception {
    HttpResponse<String> r = server.send("POST", GV + "tokenreviews",
        "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"TokenReview\",\"spec\":{\"token\":\"alice-token\",\"audiences\":[\"api\"]}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode status = json(r).get("status");
    assertThat(status.get("authenticated").asBoolean()).isTrue();
    assertThat(status.at("/user/username").asText()).isEqualTo("alice");
    assertThat(status.at("/user/uid").asText()).isEqualTo("u-1");
    assertThat(status.at("/user/groups").toString()).isEqualTo("[\"dev\",\"system:authenticated\"]");
    assertThat(status.at("/user/extra/scopes/0").asText()).isEqualTo("a");
    assertThat(status.at("/audiences/0").asText()).isEqualTo("api");
  }

  @Test
  @DisplayName("an unknown token: status without authenticated nor user; an empty token: 400 as kube words it")
  void unknownAndEmptyToken() throws Exception {
    HttpResponse<String> r = server.send("POST", GV + "tokenreviews", "{\"spec\":{\"token\":\"nope\"}}");
    assertThat(r.statusCode()).isEqualTo(201);
    assertThat(json(r).get("status").has("authenticated")).isFalse();
    assertThat(json(r).get("status").has("user")).isFalse();
    HttpResponse<String> empty = server.send("POST", GV + "tokenreviews", "{\"spec\":{}}");
    assertThat(empty.statusCode()).isEqualTo(400);
    assertThat(json(empty).get("message").asText()).isEqualTo("token is required for TokenReview in authentication");
  }

  @Test
  @DisplayName("SelfSubjectReview answers the requesting user (here without a pipeline: system:anonymous)")
  void selfSubjectReview() throws Exception {
    HttpResponse<String> r = server.send("POST", GV + "selfsubjectreviews",
        "{\"apiVersion\":\"authentication.k8s.io/v1\",\"kind\":\"SelfSubjectReview\"}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(json(r).at("/status/userInfo/username").asText()).isEqualTo("system:anonymous");
    assertThat(json(r).get("kind").asText()).isEqualTo("SelfSubjectReview");
  }

  @Test
  @DisplayName("a protobuf TokenReview (as kubectl and client-go send it) is decoded")
  void protobuf() throws Exception {
    java.io.ByteArrayOutputStream raw = new java.io.ByteArrayOutputStream();
    com.google.protobuf.CodedOutputStream spec = com.google.protobuf.CodedOutputStream.newInstance(raw);
    spec.writeString(1, "alice-token");
    spec.flush();
    java.io.ByteArrayOutputStream msg = new java.io.ByteArrayOutputStream();
    com.google.protobuf.CodedOutputStream m = com.google.protobuf.CodedOutputStream.newInstance(msg);
    m.writeBytes(2, com.google.protobuf.ByteString.copyFrom(raw.toByteArray()));
    m.flush();
    java.io.ByteArrayOutputStream type = new java.io.ByteArrayOutputStream();
    com.google.protobuf.CodedOutputStream t = com.google.protobuf.CodedOutputStream.newInstance(type);
    t.writeString(1, "authentication.k8s.io/v1");
    t.writeString(2, "TokenReview");
    t.flush();
    java.io.ByteArrayOutputStream envelope = new java.io.ByteArrayOutputStream();
    envelope.write(new byte[] {'k', '8', 's', 0});
    com.google.protobuf.CodedOutputStream e = com.google.protobuf.CodedOutputStream.newInstance(envelope);
    e.writeBytes(1, com.google.protobuf.ByteString.copyFrom(type.toByteArray()));
    e.writeBytes(2, com.google.protobuf.ByteString.copyFrom(msg.toByteArray()));
    e.flush();
    java.net.http.HttpRequest req = java.net.http.HttpRequest.newBuilder(server.base().resolve(GV + "tokenreviews"))
        .header("Content-Type", "application/vnd.kubernetes.protobuf").header("Accept", "application/json")
        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(envelope.toByteArray())).build();
    HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    assertThat(json(r).at("/status/user/username").asText()).isEqualTo("alice");
  }
}
