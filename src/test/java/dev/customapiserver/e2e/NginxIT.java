package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.testing.TestPki;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's nginx configurations in front of {@code java -jar custom-apiserver.war}: a TLS reverse
 * proxy passing kubectl's token through ({@code proxy_buffering off} so watches stream, {@code
 * proxy_ssl_name localhost} for the generated certificate), and a front proxy that verifies the
 * user's client certificate and forwards the identity with the request-header scheme, presenting its
 * own certificate from the server's {@code --requestheader-client-ca-file}.
 */
@DisplayName("kubectl through nginx: reverse proxy and front proxy")
class NginxIT {
  static final TestPki.Ca NGINX_CA = TestPki.ca("nginx-ca");
  static final TestPki.Ca FRONT_PROXY_CA = TestPki.ca("front-proxy-ca");
  static final TestPki.Ca USERS_CA = TestPki.ca("users-ca");
  @TempDir static Path tmp;
  static ServerProcess server;
  static Nginx nginx;
  static int reversePort;
  static int frontPort;
  static Kubectl viaReverse;
  static Kubectl viaFront;

  @BeforeAll
  static void start() throws Exception {
    Path pki = Files.createDirectories(tmp.resolve("pki"));
    Path frontProxyCa = FRONT_PROXY_CA.write(pki, "front-proxy-ca");
    server = ServerProcess.start(tmp.resolve("data"), "--requestheader-client-ca-file", frontProxyCa.toString(),
        "--requestheader-allowed-names", "front-proxy-client");
    Files.writeString(pki.resolve("apiserver-ca.crt"), TestPki.pem(server.caCertificate()));
    NGINX_CA.server("nginx", "127.0.0.1", "localhost").write(pki, "nginx");
    FRONT_PROXY_CA.client("front-proxy-client").write(pki, "front-proxy-client");
    USERS_CA.write(pki, "users-ca");
    String upstream = "https://127.0.0.1:" + server.url().getPort();
    String proxy = "      proxy_pass " + upstream + ";\n"
        + "      proxy_http_version 1.1;\n"
        + "      proxy_buffering off;\n"
        + "      proxy_request_buffering off;\n"
        + "      proxy_read_timeout 1h;\n"
        + "      proxy_ssl_verify on;\n"
        + "      proxy_ssl_trusted_certificate " + pki.resolve("apiserver-ca.crt") + ";\n"
        + "      proxy_ssl_name localhost;\n"
        + "      proxy_ssl_session_reuse off;\n";
    String tls = "    ssl_certificate " + pki.resolve("nginx.crt") + ";\n    ssl_certificate_key " + pki.resolve("nginx.key") + ";\n";
    nginx = Nginx.start(tmp.resolve("nginx"), 2, ports -> http(ports[0], ports[1], proxy, tls, pki));
    reversePort = nginx.port(0);
    frontPort = nginx.port(1);
    String caData = b64(NGINX_CA.certificatePem());
    Path home = Files.createDirectories(tmp.resolve("home"));
    viaReverse = new Kubectl(kubeconfig("reverse.kubeconfig", reversePort, caData, "    token: " + server.token() + "\n"), home);
    TestPki.Issued jane = USERS_CA.client("jane", "system:masters");
    viaFront = new Kubectl(kubeconfig("front.kubeconfig", frontPort, caData, "    client-certificate-data: "
        + b64(jane.certificatePem()) + "\n    client-key-data: " + b64(jane.keyPem()) + "\n"), home);
  }

  /** nginx's http block: a reverse proxy on {@code reversePort}, a front proxy for client certificates on {@code frontPort}. */
  static String http(int reversePort, int frontPort, String proxy, String tls, Path pki) {
    return "  map $ssl_client_s_dn $proxy_remote_user { default \"\"; \"~(^|,)CN=(?<cn>[^,]+)\" $cn; }\n"
        + "  map $ssl_client_s_dn $proxy_remote_group { default \"\"; \"~(^|,)O=(?<o>[^,]+)\" $o; }\n"
        + "  server {\n    listen 127.0.0.1:" + reversePort + " ssl;\n" + tls
        + "    location / {\n" + proxy + "    }\n  }\n"
        + "  server {\n    listen 127.0.0.1:" + frontPort + " ssl;\n" + tls
        + "    ssl_client_certificate " + pki.resolve("users-ca.crt") + ";\n    ssl_verify_client on;\n"
        + "    location / {\n" + proxy
        + "      proxy_ssl_certificate " + pki.resolve("front-proxy-client.crt") + ";\n"
        + "      proxy_ssl_certificate_key " + pki.resolve("front-proxy-client.key") + ";\n"
        + "      proxy_set_header Authorization \"\";\n"
        + "      proxy_set_header X-Remote-User $proxy_remote_user;\n"
        + "      proxy_set_header X-Remote-Group $proxy_remote_group;\n"
        + "    }\n  }\n";
  }

  static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.US_ASCII));
  }

  static Path kubeconfig(String name, int port, String caData, String user) throws Exception {
    return Files.writeString(tmp.resolve(name), "apiVersion: v1\nkind: Config\nclusters:\n- name: nginx\n  cluster:\n"
        + "    server: https://127.0.0.1:" + port + "\n    certificate-authority-data: " + caData + "\n"
        + "users:\n- name: u\n  user:\n" + user + "contexts:\n- name: nginx\n  context:\n    cluster: nginx\n    user: u\n"
        + "    namespace: default\ncurrent-context: nginx\n");
  }

  @AfterAll
  static void stop() {
    if (nginx != null) {
      nginx.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static String foo(String name, String msg) {
    return "apiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata:\n  name: " + name
        + "\nspec:\n  image: busybox:1.36\n  config:\n    msg: " + msg + "\n";
  }

  static Kubectl.Result ok(Kubectl.Result r) {
    assertThat(r.exitCode()).as(r + "\nnginx:\n" + nginx.log()).isZero();
    return r;
  }

  @Test
  @DisplayName("create, get, apply and a streaming get -w through the reverse proxy")
  void reverseProxy() throws Exception {
    ok(viaReverse.runWithInput(foo("via-nginx", "one"), "create", "-f", "-"));
    assertThat(ok(viaReverse.run("get", "foo", "via-nginx", "-o", "jsonpath={.spec.config.msg}")).out()).isEqualTo("one");
    ok(viaReverse.runWithInput(foo("via-nginx", "two"), "apply", "--server-side", "--force-conflicts", "-f", "-"));
    assertThat(ok(viaReverse.run("get", "foo", "via-nginx", "-o", "jsonpath={.spec.config.msg}")).out()).isEqualTo("two");

    Process watch = viaReverse.start("get", "foos", "-w", "--no-headers");
    try {
      BlockingQueue<String> lines = new LinkedBlockingQueue<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8))) {
          for (String l; (l = in.readLine()) != null; ) {
            lines.add(l);
          }
        } catch (Exception e) {
          // killed
        }
      });
      reader.setDaemon(true);
      reader.start();
      awaitLine(lines, "via-nginx ");
      ok(viaReverse.runWithInput(foo("watched-via-nginx", "one"), "create", "-f", "-"));
      awaitLine(lines, "watched-via-nginx ");
    } finally {
      watch.destroy();
    }
  }

  /** Waits (60 s at most) for a line starting with {@code prefix}, skipping the others (e.g. other tests' Foos). */
  static void awaitLine(BlockingQueue<String> lines, String prefix) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    for (String l = lines.poll(60, TimeUnit.SECONDS); l != null; l = lines.poll(60, TimeUnit.SECONDS)) {
      if (l.startsWith(prefix)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        break;
      }
    }
    throw new AssertionError("kubectl get -w through nginx printed no line starting with '" + prefix + "' within 60 s");
  }

  @Test
  @DisplayName("identity headers sent through the reverse proxy (no proxy certificate upstream) are ignored: anonymous, 403")
  void forgedThroughReverseProxy() throws Exception {
    // first a request through the front proxy: with TLS session reuse, nginx would resume its session (and with it the
    // front-proxy certificate) for the plain reverse proxy's next upstream connection
    ok(viaFront.run("get", "foos"));
    HttpClient client = HttpClient.newBuilder().sslContext(TestPki.trusting(NGINX_CA.certificate())).build();
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + reversePort
            + "/apis/hello.zeng.dev/v2/namespaces/default/foos")).header("X-Remote-User", "intruder")
        .header("X-Remote-Group", "system:masters").build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).contains("User \\\"system:anonymous\\\"").doesNotContain("intruder");
  }

  @Test
  @DisplayName("through the front proxy, a user's client certificate becomes X-Remote-User/X-Remote-Group: create, get, watch")
  void frontProxy() throws Exception {
    ok(viaFront.runWithInput(foo("via-front-proxy", "one"), "create", "-f", "-"));
    assertThat(ok(viaFront.run("get", "foos", "-o", "name")).out()).contains("foo.hello.zeng.dev/via-front-proxy");
    ok(viaFront.run("get", "foo", "via-front-proxy", "-w", "--request-timeout=2s"));
  }
}
