package dev.customapiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.server.config.ConfigException;
import dev.customapiserver.server.config.Flags;
import dev.customapiserver.server.config.Option;
import dev.customapiserver.testing.TestServer;
import dev.customapiserver.testkit.ApiServerBuilder;
import dev.customapiserver.testkit.RunningApiServer;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("--runtime-config turns group/versions off as kube-apiserver's")
class RuntimeConfigTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<ApiGroup> GROUPS = TestServer.everyGroup();

  private static RuntimeConfig parse(String value) {
    return RuntimeConfig.of(Flags.with(Map.of(Option.RUNTIME_CONFIG, value)), GROUPS);
  }

  @Test
  @DisplayName("<group>/<version>=false, apis/<group>/<version>=false, api/<kind> matchers then explicit keys, empty value = true")
  void parsing() {
    assertThat(parse("wardle.example.com/v1alpha1=false").disabled()).containsExactly("wardle.example.com/v1alpha1");
    assertThat(parse("apis/wardle.example.com/v1alpha1=false").disabled()).containsExactly("wardle.example.com/v1alpha1");
    assertThat(parse("api/alpha=false").disabled()).contains("wardle.example.com/v1alpha1", "restaurant.wukong.com/v1alpha1")
        .doesNotContain("wardle.example.com/v1beta1", "hello.zeng.dev/v1", "autobusi.group.cicd/v1alpha");
    assertThat(parse("api/all=false,hello.zeng.dev/v2").disabled()).contains("hello.zeng.dev/v1", "wardle.example.com/v1beta1")
        .doesNotContain("hello.zeng.dev/v2");
    assertThat(parse("api/beta=false,wardle.example.com/v1beta1=true").disabled()).contains("restaurant.wukong.com/v1beta1")
        .doesNotContain("wardle.example.com/v1beta1");
    assertThat(parse("v1=true,api/v1,wardle.example.com/v1alpha1=f").disabled()).containsExactly("wardle.example.com/v1alpha1");
    assertThat(parse("").disabled()).isEmpty();
  }

  @Test
  @DisplayName("kube's errors: unknown group, unregistered version, bad values, api/all=false alone; the core v1 stays on")
  void errors() {
    assertThatThrownBy(() -> parse("nope.example.com/v1=false")).isInstanceOf(ConfigException.class)
        .hasMessage("unknown api groups nope.example.com/v1");
    assertThatThrownBy(() -> parse("wardle.example.com/v9=false")).hasMessage("group version wardle.example.com/v9 that has not been registered");
    assertThatThrownBy(() -> parse("api/all=maybe")).hasMessage("invalid value api/all=maybe");
    assertThatThrownBy(() -> parse("wardle.example.com/v1alpha1=maybe"))
        .hasMessage("invalid value of wardle.example.com/v1alpha1: maybe, err: strconv.ParseBool: parsing \"maybe\": invalid syntax");
    assertThatThrownBy(() -> parse("api/all=false")).hasMessage("invalid runtime-config with only api/all=false");
    assertThatThrownBy(() -> parse("v1=false")).hasMessageContaining("the core group's v1 cannot be turned off");
    assertThatThrownBy(() -> parse("wardle.example.com/v1alpha1/flunders=false")).hasMessageContaining("is not supported");
  }

  @Test
  @DisplayName("a version turned off is not in discovery and its paths are 404; the other versions keep serving the same objects")
  void served() throws Exception {
    try (RunningApiServer server = ApiServerBuilder.create()
        .flag(Option.RUNTIME_CONFIG, "wardle.example.com/v1alpha1=false,apis/restaurant.programming-kubernetes.info/v1alpha1=false,"
            + "restaurant.programming-kubernetes.info/v1beta1=false").start()) {
      HttpClient http = HttpClient.newBuilder().sslContext(trusting(server)).build();
      String token = server.adminToken();
      java.util.function.Function<String, HttpResponse<String>> get = path -> {
        try {
          return http.send(HttpRequest.newBuilder(server.url().resolve(path)).header("Authorization", "Bearer " + token).build(),
              HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      };
      JsonNode wardle = JSON.readTree(get.apply("/apis/wardle.example.com").body());
      assertThat(wardle.at("/versions").toString()).contains("v1beta1").doesNotContain("v1alpha1");
      assertThat(get.apply("/apis/wardle.example.com/v1alpha1").statusCode()).isEqualTo(404);
      assertThat(get.apply("/apis/wardle.example.com/v1alpha1/namespaces/default/flunders").statusCode()).isEqualTo(404);
      assertThat(get.apply("/apis/wardle.example.com/v1beta1/namespaces/default/flunders").statusCode()).isEqualTo(200);
      assertThat(get.apply("/apis").body()).doesNotContain("restaurant.programming-kubernetes.info")
          .doesNotContain("wardle.example.com/v1alpha1").contains("wardle.example.com/v1beta1");
      assertThat(get.apply("/apis/restaurant.programming-kubernetes.info").statusCode()).isEqualTo(404);
      assertThat(get.apply("/apis/restaurant.programming-kubernetes.info/v1beta1/namespaces/default/pizzas").statusCode())
          .isEqualTo(404);
      assertThat(get.apply("/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas").statusCode()).isEqualTo(200);

      // a Flunder written through v1beta1 is still stored in v1alpha1, the storage version that is no longer served
      HttpResponse<String> created = http.send(HttpRequest.newBuilder(
          server.url().resolve("/apis/wardle.example.com/v1beta1/namespaces/default/flunders"))
          .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"apiVersion\":\"wardle.example.com/v1beta1\",\"kind\":\"Flunder\","
              + "\"metadata\":{\"name\":\"f\"},\"spec\":{}}")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
      assertThat(get.apply("/apis/wardle.example.com/v1beta1/namespaces/default/flunders/f").statusCode()).isEqualTo(200);
    }
  }

  private static SSLContext trusting(RunningApiServer server) throws Exception {
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream in = Files.newInputStream(server.caCertificate())) {
      trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, tmf.getTrustManagers(), null);
    return tls;
  }
}
