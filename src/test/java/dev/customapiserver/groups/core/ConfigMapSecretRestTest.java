package dev.customapiserver.groups.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.apis.core.ConfigMap;
import dev.customapiserver.apis.core.Secret;
import dev.customapiserver.runtime.ApiGroup;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("core/v1 ConfigMaps and Secrets through the REST layer")
class ConfigMapSecretRestTest {
  static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  static final String SECRETS = "/api/v1/namespaces/default/secrets";
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<ApiGroup> groups = TestServer.everyGroup();
    server = new TestServer(groups, new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  static String object(String kind, String name, String rest) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name + "\"}" + rest + "}";
  }

  static List<String> causes(HttpResponse<String> r) throws Exception {
    List<String> causes = new ArrayList<>();
    JSON.readTree(r.body()).at("/details/causes").forEach(c -> causes.add(c.at("/field").asText() + ": " + c.at("/message").asText()));
    return causes;
  }

  static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("a secret's stringData is merged into data (its values win) and never read back; type defaults to Opaque")
  void stringData() throws Exception {
    HttpResponse<String> r = server.send("POST", SECRETS, object("Secret", "merged",
        ",\"data\":{\"a\":\"" + b64("old") + "\",\"b\":\"" + b64("kept") + "\"},\"stringData\":{\"a\":\"new\"}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    JsonNode s = JSON.readTree(server.send("GET", SECRETS + "/merged", null).body());
    assertThat(s.at("/data/a").asText()).isEqualTo(b64("new"));
    assertThat(s.at("/data/b").asText()).isEqualTo(b64("kept"));
    assertThat(s.has("stringData")).isFalse();
    assertThat(s.at("/type").asText()).isEqualTo("Opaque");
  }

  @Test
  @DisplayName("typed secrets need their keys, worded as kube-apiserver words it")
  void typedSecrets() throws Exception {
    assertThat(causes(server.send("POST", SECRETS, object("Secret", "tls", ",\"type\":\"kubernetes.io/tls\",\"data\":{}"))))
        .containsExactly("data[tls.crt]: Required value", "data[tls.key]: Required value");
    assertThat(causes(server.send("POST", SECRETS, object("Secret", "basic", ",\"type\":\"kubernetes.io/basic-auth\""))))
        .containsExactly("data[username]: Required value", "data[password]: Required value");
    assertThat(causes(server.send("POST", SECRETS, object("Secret", "ssh", ",\"type\":\"kubernetes.io/ssh-auth\""))))
        .containsExactly("data[ssh-privatekey]: Required value");
    assertThat(causes(server.send("POST", SECRETS, object("Secret", "sa", ",\"type\":\"kubernetes.io/service-account-token\""))))
        .containsExactly("metadata.annotations[kubernetes.io/service-account.name]: Required value");
    assertThat(causes(server.send("POST", SECRETS, object("Secret", "docker", ",\"type\":\"kubernetes.io/dockerconfigjson\","
        + "\"stringData\":{\".dockerconfigjson\":\"not json\"}"))))
        .containsExactly("data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": "
            + "invalid character 'n' looking for beginning of value");
    HttpResponse<String> r = server.send("POST", SECRETS, object("Secret", "docker-ok", ",\"type\":\"kubernetes.io/dockerconfigjson\","
        + "\"stringData\":{\".dockerconfigjson\":\"{\\\"auths\\\":{}}\"}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
  }

  @Test
  @DisplayName("keys are checked, data and binaryData may not share a key, and 1 MiB is the limit")
  void keysAndSize() throws Exception {
    HttpResponse<String> r = server.send("POST", CONFIGMAPS, object("ConfigMap", "bad",
        ",\"data\":{\"a b\":\"x\",\"dup\":\"x\"},\"binaryData\":{\"dup\":\"" + b64("y") + "\",\"..z\":\"\"}"));
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(causes(r)).containsExactlyInAnyOrder(
        "data[a b]: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' "
            + "(e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        "data[dup]: Invalid value: \"dup\": duplicate of key present in binaryData",
        "binaryData[..z]: Invalid value: \"..z\": must not start with '..'");
    String big = "x".repeat(1024 * 1024);
    r = server.send("POST", CONFIGMAPS, object("ConfigMap", "big", ",\"data\":{\"a\":\"" + big + "\",\"b\":\"x\"}"));
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(r.body()).at("/message").asText()).contains("Too long: may not be more than 1048576 bytes");
    r = server.send("POST", CONFIGMAPS, object("ConfigMap", "exactly", ",\"data\":{\"a\":\"" + big + "\"}"));
    assertThat(r.statusCode()).as("exactly 1 MiB is allowed").isEqualTo(201);
  }

  @Test
  @DisplayName("an immutable configmap or secret keeps its data; metadata may still change")
  void immutable() throws Exception {
    HttpResponse<String> r = server.send("POST", CONFIGMAPS, object("ConfigMap", "frozen", ",\"immutable\":true,\"data\":{\"a\":\"1\"}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    r = server.send("PATCH", CONFIGMAPS + "/frozen", "{\"data\":{\"a\":\"2\"}}", "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).isEqualTo(422);
    assertThat(causes(r)).containsExactly("data: Forbidden: field is immutable when `immutable` is set");
    r = server.send("PATCH", CONFIGMAPS + "/frozen", "{\"immutable\":false}", "Content-Type", "application/merge-patch+json");
    assertThat(causes(r)).containsExactly("immutable: Forbidden: field is immutable when `immutable` is set");
    r = server.send("PATCH", CONFIGMAPS + "/frozen", "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}",
        "Content-Type", "application/merge-patch+json");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);

    r = server.send("POST", SECRETS, object("Secret", "frozen", ",\"immutable\":true,\"stringData\":{\"a\":\"1\"}"));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
    r = server.send("PATCH", SECRETS + "/frozen", "{\"stringData\":{\"a\":\"2\"},\"type\":\"kubernetes.io/basic-auth\"}",
        "Content-Type", "application/merge-patch+json");
    assertThat(causes(r)).startsWith("type: Invalid value: \"kubernetes.io/basic-auth\": field is immutable",
        "data: Forbidden: field is immutable when `immutable` is set");
  }

  @Test
  @DisplayName("values of the wrong kind are 400 worded as kube's decoder: Go's base64 error, Go type and field names")
  void decodingMessages() throws Exception {
    HttpResponse<String> base64 = server.send("POST", SECRETS, object("Secret", "bad64", ",\"data\":{\"a\":\"not base64!\"}"));
    assertThat(base64.statusCode()).as(base64.body()).isEqualTo(400);
    assertThat(JSON.readTree(base64.body()).at("/message").asText())
        .isEqualTo("Secret in version \"v1\" cannot be handled as a Secret: illegal base64 data at input byte 3");
    HttpResponse<String> unpadded = server.send("POST", SECRETS, object("Secret", "bad64", ",\"data\":{\"a\":\"YWJjZA\"}"));
    assertThat(JSON.readTree(unpadded.body()).at("/message").asText()).endsWith("illegal base64 data at input byte 4");
    HttpResponse<String> number = server.send("POST", SECRETS, object("Secret", "num", ",\"data\":{\"a\":5}"));
    assertThat(JSON.readTree(number.body()).at("/message").asText()).isEqualTo("Secret in version \"v1\" cannot be handled as a "
        + "Secret: json: cannot unmarshal number into Go struct field Secret.data of type []uint8");
    HttpResponse<String> configMap = server.send("POST", CONFIGMAPS, object("ConfigMap", "num", ",\"data\":{\"a\":5}"));
    assertThat(JSON.readTree(configMap.body()).at("/message").asText()).isEqualTo("ConfigMap in version \"v1\" cannot be "
        + "handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string");
  }

  @Test
  @DisplayName("a TokenRequest with a wrong type is 400 worded as kube's create handler, no Java in it")
  void tokenRequestDecoding() throws Exception {
    server.send("POST", "/api/v1/namespaces/default/serviceaccounts", object("ServiceAccount", "decoding", ""));
    HttpResponse<String> r = server.send("POST", "/api/v1/namespaces/default/serviceaccounts/decoding/token",
        "{\"spec\":{\"expirationSeconds\":\"x\"}}");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).at("/message").asText()).isEqualTo("TokenRequest in version \"v1\" cannot be handled as a "
        + "TokenRequest: json: cannot unmarshal string into Go struct field TokenRequestSpec.spec.expirationSeconds of type int64");
  }
}
