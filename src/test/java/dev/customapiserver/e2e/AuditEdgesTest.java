package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
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
 * The audit log where kube's differs from the plain path, with kubectl against an in-process
 * server: requests refused by authentication (401) are audited as kube's {@code
 * WithFailedAuthenticationAudit} does, and a request body kubectl sends as protobuf (built-in kinds
 * such as ConfigMaps) is logged as the JSON of the decoded object.
 */
@DisplayName("Audit: 401s as kube's failed-authentication audit, protobuf request bodies as JSON requestObject")
class AuditEdgesTest {
  @TempDir static Path tmp;
  static RunningApiServer server;
  static Kubectl admin;
  static Path auditLog;

  @BeforeAll
  static void start() throws Exception {
    Path policy = Files.writeString(tmp.resolve("policy.yaml"), """
        apiVersion: audit.k8s.io/v1
        kind: Policy
        rules:
        - level: None
          nonResourceURLs: ["/healthz*", "/readyz*", "/livez*", "/api", "/api/*", "/apis", "/apis/*", "/openapi/*"]
        - level: RequestResponse
          userGroups: ["system:masters"]
          resources:
          - group: hello.zeng.dev
            resources: ["foos"]
        - level: Request
          resources:
          - group: ""
            resources: ["configmaps"]
          - group: hello.zeng.dev
            resources: ["foos"]
        - level: Request
          resources:
          - group: rbac.authorization.k8s.io
            resources: ["roles"]
        - level: Metadata
        """);
    auditLog = tmp.resolve("audit.log");
    server = ApiServerBuilder.create().flag(Option.AUDIT_POLICY_FILE, policy.toString())
        .flag(Option.AUDIT_LOG_PATH, auditLog.toString()).start();
    admin = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static List<JsonNode> events() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> events = new ArrayList<>();
    for (String line : Files.readAllLines(auditLog)) {
      if (line.endsWith("}")) { // a line being written is read when complete
        events.add(json.readTree(line));
      }
    }
    return events;
  }

  /**
   * The first event {@code match} accepts, waiting for it: a stage after the response is written once
   * the response has gone out, so the client may be done before the line is.
   */
  static JsonNode event(java.util.function.Predicate<JsonNode> match) throws Exception {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    while (true) {
      java.util.Optional<JsonNode> found = events().stream().filter(match).findFirst();
      if (found.isPresent()) {
        return found.get();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no such audit event in " + Files.readString(auditLog));
      }
      Thread.onSpinWait();
      Thread.sleep(20);
    }
  }

  @Test
  @DisplayName("a wrong token: one ResponseStarted event, no user, the 401 Status, the policy matched without a user")
  void unauthorized() throws Exception {
    Kubectl.Result r = admin.run("--token", "not-a-token", "get", "--raw",
        "/apis/hello.zeng.dev/v2/namespaces/default/foos");

    assertThat(r.exitCode()).isNotZero();
    assertThat(r.err()).contains("You must be logged in to the server");
    JsonNode e = event(x -> x.at("/responseStatus/code").asInt() == 401
        && x.get("requestURI").asText().startsWith("/apis/hello.zeng.dev/v2/namespaces/default/foos"));
    String id = e.get("auditID").asText();
    assertThat(events()).filteredOn(x -> x.get("auditID").asText().equals(id)).hasSize(1);
    assertThat(e.get("stage").asText()).isEqualTo("ResponseStarted");
    // the rule for system:masters cannot match a request without a user: the next rule (Request) does
    assertThat(e.get("level").asText()).isEqualTo("Request");
    assertThat(e.get("verb").asText()).isEqualTo("list");
    assertThat(e.get("requestURI").asText()).startsWith("/apis/hello.zeng.dev/v2/namespaces/default/foos");
    assertThat(e.get("user").toString()).isEqualTo("{}");
    assertThat(e.has("impersonatedUser")).isFalse();
    assertThat(e.at("/objectRef/resource").asText()).isEqualTo("foos");
    assertThat(e.at("/objectRef/namespace").asText()).isEqualTo("default");
    assertThat(e.get("responseStatus").toString())
        .isEqualTo("{\"metadata\":{},\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}");
    assertThat(e.has("requestObject")).isFalse();
    assertThat(e.has("responseObject")).as("Request level").isFalse();
    assertThat(e.get("sourceIPs").get(0).asText()).isEqualTo("127.0.0.1");
    assertThat(e.get("userAgent").asText()).startsWith("kubectl");
  }

  @Test
  @DisplayName("kubectl's protobuf ConfigMap body is logged as requestObject, the decoded ConfigMap as JSON")
  void protobufRequestObject() throws Exception {
    Kubectl.Result r = admin.run("create", "configmap", "audited-proto", "-n", "default", "--from-literal", "colour=blue");

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode create = event(e -> e.get("verb").asText().equals("create")
        && e.at("/objectRef/resource").asText().equals("configmaps") && e.get("stage").asText().equals("ResponseComplete"));
    assertThat(create.get("level").asText()).isEqualTo("Request");
    assertThat(create.at("/responseStatus/code").asInt()).isEqualTo(201);
    assertThat(create.at("/requestObject/kind").asText()).isEqualTo("ConfigMap");
    assertThat(create.at("/requestObject/apiVersion").asText()).isEqualTo("v1");
    assertThat(create.at("/requestObject/metadata/name").asText()).isEqualTo("audited-proto");
    assertThat(create.at("/requestObject/data/colour").asText()).isEqualTo("blue");
  }

  @Test
  @DisplayName("a JSON body is still logged as sent (RequestResponse for system:masters: also the response)")
  void jsonRequestObject() throws Exception {
    Kubectl.Result r = admin.runWithInput("apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: audited-json}\n"
        + "spec: {config: {msg: hi}}\n", "create", "-n", "default", "-f", "-");

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode create = event(e -> e.get("verb").asText().equals("create")
        && e.at("/objectRef/resource").asText().equals("foos") && e.get("stage").asText().equals("ResponseComplete"));
    assertThat(create.get("level").asText()).isEqualTo("RequestResponse");
    assertThat(create.at("/requestObject/spec/config/msg").asText()).isEqualTo("hi");
    assertThat(create.at("/responseObject/metadata/uid").asText()).isNotEmpty();
  }

  @Test
  @DisplayName("a Request rule for RBAC roles: the create's event has the Role as requestObject, the name from the body in objectRef")
  void rbacCreate() throws Exception {
    Kubectl.Result r = admin.run("create", "role", "audited-role", "-n", "default", "--verb=get", "--resource=configmaps");

    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode create = event(e -> e.get("verb").asText().equals("create")
        && e.at("/objectRef/resource").asText().equals("roles") && e.get("stage").asText().equals("ResponseComplete"));
    assertThat(create.get("level").asText()).isEqualTo("Request");
    assertThat(create.get("objectRef").toString()).isEqualTo("{\"resource\":\"roles\",\"namespace\":\"default\","
        + "\"name\":\"audited-role\",\"apiGroup\":\"rbac.authorization.k8s.io\",\"apiVersion\":\"v1\"}");
    assertThat(create.at("/requestObject/kind").asText()).isEqualTo("Role");
    assertThat(create.at("/requestObject/rules/0/resources/0").asText()).isEqualTo("configmaps");
    assertThat(create.get("annotations").toString())
        .as("system:masters is allowed without a reason, as kube's privileged-group authorizer")
        .isEqualTo("{\"authorization.k8s.io/decision\":\"allow\",\"authorization.k8s.io/reason\":\"\"}");
  }

  @Test
  @DisplayName("events are annotated with the authorizer's decision and reason: allow with RBAC's reason, forbid")
  void authorizationAnnotations() throws Exception {
    assertThat(admin.run("create", "rolebinding", "carol-views", "-n", "default", "--clusterrole=view", "--user=carol").exitCode())
        .isZero();
    assertThat(admin.run("get", "configmaps", "-n", "default", "--as=carol").exitCode()).isZero();
    assertThat(admin.run("get", "configmaps", "-n", "kube-system", "--as=carol").exitCode()).isNotZero();

    JsonNode allowed = event(e -> e.at("/impersonatedUser/username").asText().equals("carol")
        && e.at("/objectRef/namespace").asText().equals("default") && e.get("verb").asText().equals("list"));
    assertThat(allowed.at("/annotations/authorization.k8s.io~1decision").asText()).isEqualTo("allow");
    assertThat(allowed.at("/annotations/authorization.k8s.io~1reason").asText())
        .isEqualTo("RBAC: allowed by RoleBinding \"carol-views/default\" of ClusterRole \"view\" to User \"carol\"");
    JsonNode forbidden = event(e -> e.at("/impersonatedUser/username").asText().equals("carol")
        && e.at("/objectRef/namespace").asText().equals("kube-system") && e.get("verb").asText().equals("list"));
    assertThat(forbidden.at("/responseStatus/code").asInt()).isEqualTo(403);
    assertThat(forbidden.at("/annotations/authorization.k8s.io~1decision").asText()).isEqualTo("forbid");
    assertThat(forbidden.at("/annotations").has("authorization.k8s.io/reason")).isTrue();
  }
}
