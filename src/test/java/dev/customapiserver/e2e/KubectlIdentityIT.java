package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who a request is, as kubectl users meet it against {@code java -jar}: the admin token, a client
 * certificate kubeconfig minted by the WAR's {@code kubeconfig} command, {@code --as}, TokenReview,
 * and the audit log those requests leave.
 */
@DisplayName("kubectl: client-certificate kubeconfig, auth whoami, TokenReview and the audit log")
class KubectlIdentityIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl admin;
  static Path auditLog;

  @BeforeAll
  static void start() throws Exception {
    Path policy = Files.writeString(tmp.resolve("policy.yaml"), """
        apiVersion: audit.k8s.io/v1
        kind: Policy
        omitStages: ["RequestReceived"]
        rules:
        - level: None
          nonResourceURLs: ["/healthz*", "/readyz*", "/livez*", "/api", "/api/*", "/apis", "/apis/*", "/openapi/*"]
        - level: RequestResponse
          resources:
          - group: authentication.k8s.io
            resources: ["tokenreviews"]
        - level: Request
          resources:
          - group: hello.zeng.dev
            resources: ["foos"]
        - level: Metadata
        """);
    auditLog = tmp.resolve("audit").resolve("audit.log");
    server = ServerProcess.start(tmp.resolve("data"), "--audit-policy-file", policy.toString(),
        "--audit-log-path", auditLog.toString());
    admin = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home-admin")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r.toString()).isZero();
    return r;
  }

  Kubectl bob() throws Exception {
    Path config = tmp.resolve("bob.kubeconfig");
    if (!Files.exists(config)) {
      ServerProcess.Finished f = ServerProcess.run(Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war")),
          tmp, "kubeconfig", "--user", "bob", "--group", "dev", "--group", "ops", "--data-dir", server.dataDir().toString(),
          "--output", config.toString());
      assertThat(f.exitCode()).as(f.output()).isZero();
    }
    return new Kubectl(config, Files.createDirectories(tmp.resolve("home-bob")));
  }

  @Test
  @DisplayName("kubectl auth whoami: the admin token, bob's minted certificate (CN/O), and --as/--as-group")
  void whoami() throws Exception {
    assertThat(ok(admin.run("auth", "whoami", "-o", "jsonpath={.status.userInfo.username} {.status.userInfo.groups}")).out())
        .isEqualTo("admin [\"system:masters\",\"system:authenticated\"]");
    Kubectl bob = bob();
    assertThat(ok(bob.run("auth", "whoami", "-o", "jsonpath={.status.userInfo.username} {.status.userInfo.groups}")).out())
        .isEqualTo("bob [\"dev\",\"ops\",\"system:authenticated\"]");
    assertThat(bob.run("get", "foos").err()).as("RBAC: bob may do nothing yet").contains("User \"bob\" cannot list resource \"foos\"");
    ok(admin.run("create", "rolebinding", "devs-view", "--clusterrole=view", "--group=dev"));
    assertThat(ok(bob.run("get", "foos")).err()).as("bob's certificate group dev may view").contains("No resources found");
    assertThat(ok(admin.run("auth", "whoami", "--as", "jane", "--as-group", "qa", "-o",
        "jsonpath={.status.userInfo.username} {.status.userInfo.groups}")).out())
        .isEqualTo("jane [\"qa\",\"system:authenticated\"]");
  }

  @Test
  @DisplayName("a certificate of another CA is 401 Unauthorized, as kube answers it")
  void foreignCertificate() throws Exception {
    bob();
    String config = Files.readString(tmp.resolve("bob.kubeconfig"));
    // bob's kubeconfig with the admin token removed is certificate-only; a self-made CA's certificate in it must fail
    Path other = tmp.resolve("mallory.kubeconfig");
    dev.customapiserver.testing.TestPki.Issued mallory = dev.customapiserver.testing.TestPki.ca("mallory-ca").client("mallory");
    String b64Cert = java.util.Base64.getEncoder().encodeToString(mallory.certificatePem().getBytes());
    String b64Key = java.util.Base64.getEncoder().encodeToString(mallory.keyPem().getBytes());
    Files.writeString(other, config.replaceAll("client-certificate-data: \\S+", "client-certificate-data: " + b64Cert)
        .replaceAll("client-key-data: \\S+", "client-key-data: " + b64Key));
    Kubectl.Result r = new Kubectl(other, Files.createDirectories(tmp.resolve("home-mallory"))).run("auth", "whoami");
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains("Unauthorized");
  }

  @Test
  @DisplayName("TokenReview of the admin token: authenticated as admin; of a wrong token: not authenticated")
  void tokenReview() throws Exception {
    String review = "apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec: {token: %s}\n";
    assertThat(ok(admin.runWithInput(review.formatted(server.token()), "create", "-f", "-", "-o",
        "jsonpath={.status.authenticated} {.status.user.username}")).out()).isEqualTo("true admin");
    assertThat(ok(admin.runWithInput(review.formatted("wrong"), "create", "-f", "-", "-o",
        "jsonpath={.status.authenticated}")).out()).isEmpty();
  }

  @Test
  @DisplayName("the audit log, line by line: levels per policy, user and impersonatedUser, objectRef, request/response bodies, 404s")
  void auditLog() throws Exception {
    ok(admin.runWithInput("apiVersion: hello.zeng.dev/v1\nkind: Foo\nmetadata: {name: audited}\nspec: {msg: hi}\n",
        "create", "-f", "-"));
    admin.run("get", "foo", "missing");
    ok(admin.run("auth", "whoami", "--as", "carol"));
    ok(admin.runWithInput("apiVersion: authentication.k8s.io/v1\nkind: TokenReview\nspec: {token: nope}\n", "create", "-f", "-"));
    ok(admin.run("get", "--raw", "/healthz"));
    List<JsonNode> events = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(auditLog)) {
      JsonNode e = json.readTree(line);
      assertThat(e.get("kind").asText()).isEqualTo("Event");
      assertThat(e.get("apiVersion").asText()).isEqualTo("audit.k8s.io/v1");
      assertThat(e.get("auditID").asText()).isNotEmpty();
      assertThat(e.get("stage").asText()).as("RequestReceived is omitted by the policy").isNotEqualTo("RequestReceived");
      assertThat(e.get("requestURI").asText()).doesNotStartWith("/healthz");
      assertThat(e.get("requestReceivedTimestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
      events.add(e);
    }
    JsonNode create = events.stream().filter(e -> e.get("verb").asText().equals("create")
        && e.at("/objectRef/resource").asText().equals("foos")).findFirst().orElseThrow();
    assertThat(create.get("level").asText()).isEqualTo("Request");
    assertThat(create.at("/user/username").asText()).isEqualTo("admin");
    assertThat(create.at("/objectRef/namespace").asText()).isEqualTo("default");
    assertThat(create.at("/objectRef/apiGroup").asText()).isEqualTo("hello.zeng.dev");
    assertThat(create.at("/requestObject/metadata/name").asText()).isEqualTo("audited");
    assertThat(create.has("responseObject")).as("Request level keeps no response body").isFalse();
    assertThat(create.at("/responseStatus/code").asInt()).isEqualTo(201);
    JsonNode missing = events.stream().filter(e -> e.at("/objectRef/name").asText().equals("missing")).findFirst().orElseThrow();
    assertThat(missing.at("/responseStatus/code").asInt()).isEqualTo(404);
    assertThat(missing.at("/responseStatus/reason").asText()).isEqualTo("NotFound");
    // kubectl auth whoami GETs /version first (as carol too, no objectRef): find the review itself
    JsonNode whoami = events.stream().filter(e -> e.at("/impersonatedUser/username").asText().equals("carol")
        && e.at("/objectRef/resource").asText().equals("selfsubjectreviews")).findFirst()
        .orElseThrow(() -> new AssertionError("no audit event of carol's selfsubjectreview"));
    assertThat(whoami.at("/user/username").asText()).isEqualTo("admin");
    assertThat(whoami.get("level").asText()).isEqualTo("Metadata");
    assertThat(whoami.get("verb").asText()).isEqualTo("create");
    JsonNode review = events.stream().filter(e -> e.at("/objectRef/resource").asText().equals("tokenreviews")
        && e.at("/requestObject/spec/token").asText().equals("nope")).findFirst().orElseThrow();
    assertThat(review.get("level").asText()).isEqualTo("RequestResponse");
    assertThat(review.at("/responseObject/kind").asText()).isEqualTo("TokenReview");
  }
}
