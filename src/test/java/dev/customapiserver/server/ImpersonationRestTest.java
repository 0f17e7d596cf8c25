package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.auth.Authorizer;
import dev.customapiserver.auth.SystemGroups;
import dev.customapiserver.server.embedded.EmbeddedServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Impersonation through the pipeline: Impersonate-* headers, authorized with the impersonate verb")
class ImpersonationRestTest {
  @TempDir static Path dataDir;
  static EmbeddedServer server;
  static URI base;
  final HttpClient http = HttpClient.newHttpClient();

  /** Masters may do everything; other authenticated users everything but impersonate. */
  static final Authorizer MASTERS_IMPERSONATE = a -> {
    if (a.user().groups().contains(SystemGroups.MASTERS)) {
      return Authorizer.Decision.allow();
    }
    if (a.verb().equals("impersonate")) {
      return Authorizer.Decision.noOpinion();
    }
    return a.user().groups().contains(SystemGroups.AUTHENTICATED) ? Authorizer.Decision.allow() : Authorizer.Decision.noOpinion();
  };

  @BeforeAll
  static void start() throws Exception {
    server = ApiServerTest.start(dataDir, new ApiServerTest.StorageBackendHolder(new FakeStorage()), MASTERS_IMPERSONATE);
    base = server.plainUri().orElseThrow();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  HttpResponse<String> get(String path, String token, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + token);
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName("an admin acts as the user, with the groups, UID and extras asked, in system:authenticated")
  void asUser() throws Exception {
    HttpResponse<String> r = get("/whoami/context", ApiServerTest.ADMIN, "Impersonate-User", "bob", "Impersonate-Group", "dev",
        "Impersonate-Group", "ops", "Impersonate-Uid", "u-7", "Impersonate-Extra-Scopes", "view", "Impersonate-Extra-Scopes", "edit",
        "Impersonate-Extra-Example.com%2fteam", "a");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).startsWith("admin as bob uid=u-7 groups=dev,ops,system:authenticated "
        + "extra={example.com/team=[a], scopes=[view, edit]}")
        .contains("impersonation headers left=false").contains("authorization header left=false");
    assertThat(r.headers().firstValue("Audit-Id")).isPresent();
  }

  @Test
  @DisplayName("a service account gets its groups when none are asked; authorization then judges the impersonated user")
  void serviceAccountAndAnonymous() throws Exception {
    assertThat(get("/whoami", ApiServerTest.ADMIN, "Impersonate-User", "system:serviceaccount:ns1:robot").body())
        .isEqualTo("system:serviceaccount:ns1:robot system:serviceaccounts,system:serviceaccounts:ns1,system:authenticated");
    assertThat(get("/whoami", ApiServerTest.ADMIN, "Impersonate-User", "system:anonymous").body())
        .as("authorization asks about the impersonated user").contains("User \\\"system:anonymous\\\" cannot get path");
  }

  @Test
  @DisplayName("a user without the impersonate verb gets kube's 403, naming the first thing refused")
  void denied() throws Exception {
    HttpResponse<String> user = get("/whoami", ApiServerTest.ALICE, "Impersonate-User", "bob");
    assertThat(user.statusCode()).isEqualTo(403);
    assertThat(user.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
        + "\"message\":\"users \\\"bob\\\" is forbidden: User \\\"alice\\\" cannot impersonate resource \\\"users\\\" in API group "
        + "\\\"\\\" at the cluster scope\",\"reason\":\"Forbidden\",\"details\":{\"name\":\"bob\",\"kind\":\"users\"},\"code\":403}\n");
    assertThat(get("/whoami", ApiServerTest.ALICE, "Impersonate-User", "system:serviceaccount:ns1:robot").body())
        .contains("serviceaccounts \\\"robot\\\" is forbidden: User \\\"alice\\\" cannot impersonate resource "
            + "\\\"serviceaccounts\\\" in API group \\\"\\\" in the namespace \\\"ns1\\\"");
  }

  @Test
  @DisplayName("groups, a UID or extras without Impersonate-User are refused with 400, never silently ignored")
  void withoutUser() throws Exception {
    for (String[] h : new String[][] {{"Impersonate-Group", "dev"}, {"Impersonate-Uid", "1"}, {"Impersonate-Extra-a", "b"}}) {
      HttpResponse<String> r = get("/whoami", ApiServerTest.ADMIN, h);
      assertThat(r.statusCode()).as(h[0]).isEqualTo(400);
      assertThat(r.body()).contains("\"reason\":\"BadRequest\"").contains("without impersonating a user");
    }
  }
}
