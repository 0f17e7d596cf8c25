package dev.customapiserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Server configuration")
class ConfigLoaderTest {
  @TempDir Path tmp;

  private static ServerConfig load(Map<String, String> env, String... args) {
    return ConfigLoader.load(CommandLine.parse(List.of(args)), env);
  }

  private Path yaml(String content) throws IOException {
    Path file = tmp.resolve("conf/apiserver.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  @Test
  @DisplayName("without any setting uses kube-apiserver-like defaults: ./data, 6443 on 127.0.0.1, no plain port")
  void defaults() {
    ServerConfig c = load(Map.of());
    assertThat(c.dataDir()).isEqualTo(Path.of("./data"));
    assertThat(c.securePort()).isEqualTo(6443);
    assertThat(c.bindAddress()).isEqualTo("127.0.0.1");
    assertThat(c.plainPort()).isEmpty();
    assertThat(c.tokenAuthFile()).isEmpty();
    assertThat(c.tlsCertFile()).isEmpty();
    assertThat(c.storageUrl()).isEmpty();
  }

  @Test
  @DisplayName("flags win over environment, environment over YAML, YAML over defaults")
  void precedence() throws IOException {
    Path file = yaml("secure-port: 1111\nbind-address: 10.0.0.1\nstorage-username: fromyaml\nport: 3333\n");
    Map<String, String> env = Map.of("CUSTOM_APISERVER_SECURE_PORT", "2222", "CUSTOM_APISERVER_BIND_ADDRESS", "10.0.0.2");

    ServerConfig c = load(env, "--config", file.toString(), "--secure-port=4444");

    assertThat(c.securePort()).isEqualTo(4444);
    assertThat(c.bindAddress()).isEqualTo("10.0.0.2");
    assertThat(c.storageUsername()).isEqualTo("fromyaml");
    assertThat(c.plainPort()).isEqualTo(OptionalInt.of(3333));
    assertThat(c.storagePassword()).isEmpty();
  }

  @Test
  @DisplayName("admission plugin flags are comma lists, from flags, environment or YAML")
  void admissionPlugins() throws IOException {
    assertThat(load(Map.of()).enableAdmissionPlugins()).isEmpty();
    ServerConfig c = load(Map.of("CUSTOM_APISERVER_DISABLE_ADMISSION_PLUGINS", "BanFlunder, JenkinsServiceQuota"),
        "--enable-admission-plugins=A,,B");
    assertThat(c.enableAdmissionPlugins()).containsExactly("A", "B");
    assertThat(c.disableAdmissionPlugins()).containsExactly("BanFlunder", "JenkinsServiceQuota");
    Path file = yaml("disable-admission-plugins: NamespaceLifecycle\n");
    assertThat(load(Map.of(), "--config", file.toString()).disableAdmissionPlugins()).containsExactly("NamespaceLifecycle");
  }

  @Test
  @DisplayName("environment variables are CUSTOM_APISERVER_ plus the flag name in upper case with '_' for '-'")
  void environmentNames() {
    assertThat(Option.TLS_PRIVATE_KEY_FILE.envName()).isEqualTo("CUSTOM_APISERVER_TLS_PRIVATE_KEY_FILE");
    ServerConfig c = load(Map.of("CUSTOM_APISERVER_DATA_DIR", "/var/lib/x", "CUSTOM_APISERVER_STORAGE_URL", "jdbc:h2:mem:x"));
    assertThat(c.dataDir()).isEqualTo(Path.of("/var/lib/x"));
    assertThat(c.storageUrl()).contains("jdbc:h2:mem:x");
  }

  @Test
  @DisplayName("the YAML file can be named by CUSTOM_APISERVER_CONFIG, and its relative paths resolve against its folder")
  void yamlFromEnvironmentWithRelativePaths() throws IOException {
    Path file = yaml("data-dir: state\ntoken-auth-file: tokens.csv\n");
    ServerConfig c = load(Map.of("CUSTOM_APISERVER_CONFIG", file.toString()));
    assertThat(c.dataDir()).isEqualTo(file.getParent().toAbsolutePath().resolve("state"));
    assertThat(c.tokenAuthFile()).contains(file.getParent().toAbsolutePath().resolve("tokens.csv"));
  }

  @Test
  @DisplayName("a WAR in a container reads environment and the fallback YAML only")
  void fromEnvironment() throws IOException {
    Path file = yaml("secure-port: 7000\n");
    ServerConfig c = ConfigLoader.fromEnvironment(Map.of("CUSTOM_APISERVER_DATA_DIR", "/d"), Optional.of(file));
    assertThat(c.dataDir()).isEqualTo(Path.of("/d"));
    assertThat(c.securePort()).isEqualTo(7000);
  }

  @Test
  @DisplayName("--port set empty is off, 0 means a free port")
  void plainPort() {
    assertThat(load(Map.of(), "--port=").plainPort()).isEmpty();
    assertThat(load(Map.of(), "--port", "0").plainPort()).isEqualTo(OptionalInt.of(0));
  }

  @Test
  @DisplayName("an unknown flag is a usage error naming the flag")
  void unknownFlag() {
    assertThatThrownBy(() -> load(Map.of(), "--secure-prot=1"))
        .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.usageError()).isTrue())
        .hasMessage("unknown flag: --secure-prot");
  }

  @Test
  @DisplayName("a flag without its value, or a bare argument, is a usage error")
  void missingValueAndPositional() {
    assertThatThrownBy(() -> load(Map.of(), "--data-dir")).hasMessage("flag needs an argument: --data-dir");
    assertThatThrownBy(() -> load(Map.of(), "--data-dir", "--secure-port", "1"))
        .hasMessage("flag needs an argument: --data-dir");
    assertThatThrownBy(() -> load(Map.of(), "serve")).hasMessageContaining("unexpected argument \"serve\"");
  }

  @Test
  @DisplayName("a bad value names where it came from")
  void badValues() throws IOException {
    assertThatThrownBy(() -> load(Map.of(), "--secure-port", "http"))
        .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.usageError()).isFalse())
        .hasMessage("invalid value \"http\" for --secure-port: a port number from 0 to 65535 is required");
    assertThatThrownBy(() -> load(Map.of("CUSTOM_APISERVER_PORT", "70000")))
        .hasMessageContaining("for $CUSTOM_APISERVER_PORT");
    Path file = yaml("bind-address: localhost\n");
    assertThatThrownBy(() -> load(Map.of(), "--config", file.toString()))
        .hasMessageContaining("invalid value \"localhost\" for \"bind-address\" in " + file)
        .hasMessageContaining("an IPv4 or IPv6 address is required");
  }

  @Test
  @DisplayName("IPv6 bind addresses are accepted")
  void ipv6() {
    assertThat(load(Map.of(), "--bind-address", "::").bindAddress()).isEqualTo("::");
    assertThat(load(Map.of(), "--bind-address", "::1").bindAddress()).isEqualTo("::1");
  }

  @Test
  @DisplayName("--tls-cert-file needs --tls-private-key-file")
  void tlsPair() {
    assertThatThrownBy(() -> load(Map.of(), "--tls-cert-file", "a.crt"))
        .hasMessage("--tls-cert-file and --tls-private-key-file must be given together");
    assertThat(load(Map.of(), "--tls-cert-file", "a.crt", "--tls-private-key-file", "a.key").tlsPrivateKeyFile())
        .contains(Path.of("a.key"));
  }

  @Test
  @DisplayName("a YAML file with an unknown key, a nested value or a missing file is refused")
  void badYaml() throws IOException {
    Path unknown = yaml("secure-prot: 1\n");
    assertThatThrownBy(() -> load(Map.of(), "--config", unknown.toString()))
        .hasMessage("config file " + unknown + ": unknown setting \"secure-prot\"");
    Path nested = yaml("data-dir:\n  a: b\n");
    assertThatThrownBy(() -> load(Map.of(), "--config", nested.toString())).hasMessageContaining("must be a single value");
    assertThatThrownBy(() -> load(Map.of(), "--config", tmp.resolve("nope.yaml").toString()))
        .hasMessageContaining("does not exist");
  }

  @Test
  @DisplayName("--help is recognised and the usage lists every flag with its environment rule")
  void help() {
    assertThat(CommandLine.parse(List.of("--help")).help()).isTrue();
    assertThat(CommandLine.parse(List.of("-h")).help()).isTrue();
    String usage = Usage.text();
    for (Option o : Option.values()) {
      assertThat(usage).contains(o.flag());
    }
    assertThat(usage).contains("CUSTOM_APISERVER_DATA_DIR").contains("flags > environment > YAML > defaults");
  }

  @Test
  @DisplayName("--help prints every flag once, under its section's heading, as kube-apiserver groups its flags")
  void helpSections() {
    String usage = Usage.text();
    for (Section section : Section.values()) {
      assertThat(usage).contains("\n" + section.heading() + ":\n");
    }
    for (Option o : Option.values()) {
      int heading = usage.indexOf("\n" + o.section().heading() + ":\n");
      int next = java.util.stream.Stream.of(Section.values()).filter(s -> s.ordinal() > o.section().ordinal())
          .mapToInt(s -> usage.indexOf("\n" + s.heading() + ":\n")).filter(i -> i >= 0).min().orElse(usage.length());
      int at = usage.indexOf("\n  " + o.flag() + " ");
      if (at < 0) {
        at = usage.indexOf("\n  " + o.flag() + ",");
      }
      assertThat(at).as(o.flag() + " under " + o.section().heading()).isBetween(heading, next);
    }
    assertThat(usage).contains("  --storage-backend, --backend BACKEND\n").contains("Secure serving flags:\n\n  --secure-port PORT");
  }

  @Test
  @DisplayName("seed 000's lab command line parses: --backend, --file-rootpath, --request-timeout=60m and the lab's switches")
  void seed000Lab() {
    ServerConfig c = load(Map.of(), "--backend=etcd", "--etcd-servers=http://127.0.0.1:2379",
        "--file-rootpath=/tmp/custom-apiserver", "--request-timeout=60m", "--token-auth-file=configs/token.csv",
        "--unrestricted-update=true", "--kubectl-disabled=false", "--kubectl-ephemeral-token=false",
        "--authn-allow-localhost=true");
    assertThat(c.flags().string(Option.STORAGE_BACKEND)).isEqualTo("etcd");
    assertThat(c.dataDir()).isEqualTo(Path.of("/tmp/custom-apiserver"));
    assertThat(c.flags().duration(Option.REQUEST_TIMEOUT)).isEqualTo(java.time.Duration.ofMinutes(60));
    assertThat(c.flags().bool(Option.UNRESTRICTED_UPDATE)).isTrue();
    assertThat(c.flags().bool(Option.KUBECTL_DISABLED)).isFalse();
    assertThat(c.flags().bool(Option.KUBECTL_EPHEMERAL_TOKEN)).isFalse();
    assertThat(c.flags().bool(Option.AUTHN_ALLOW_LOCALHOST)).isTrue();
    assertThat(c.flags().string(Option.CLIENT_CERTIFICATE_PASSWORD)).isEqualTo("P@ssw0rd");
  }

  @Test
  @DisplayName("the password never shows in the configuration's text form")
  void passwordHidden() {
    assertThat(load(Map.of(), "--storage-password", "s3cret").toString()).doesNotContain("s3cret").contains("***");
  }

  @Test
  @DisplayName("the sample server-config/apiserver.yaml is valid and states the defaults")
  void sampleYaml() {
    Path sample = Path.of("server-config/apiserver.yaml").toAbsolutePath();
    ServerConfig c = load(Map.of(), "--config", sample.toString());
    assertThat(c.dataDir()).isEqualTo(sample.getParent().resolve("./data"));
    assertThat(c.securePort()).isEqualTo(6443);
    assertThat(c.plainPort()).isEmpty();
    assertThat(c.watchCache()).isTrue();
    assertThat(c.watchCacheSize()).isEqualTo(1000);
  }

  @Test
  @DisplayName("--watch-cache (default true, bare flag = true) and --default-watch-cache-size from flags, environment and YAML")
  void watchCache() throws IOException {
    assertThat(load(Map.of())).extracting(ServerConfig::watchCache, ServerConfig::watchCacheSize).containsExactly(true, 1000);
    assertThat(load(Map.of(), "--watch-cache=false", "--default-watch-cache-size", "50"))
        .extracting(ServerConfig::watchCache, ServerConfig::watchCacheSize).containsExactly(false, 50);
    assertThat(load(Map.of(), "--watch-cache", "--port", "8080").watchCache()).isTrue();
    assertThat(load(Map.of("CUSTOM_APISERVER_WATCH_CACHE", "false", "CUSTOM_APISERVER_DEFAULT_WATCH_CACHE_SIZE", "7")))
        .extracting(ServerConfig::watchCache, ServerConfig::watchCacheSize).containsExactly(false, 7);
    Path file = yaml("watch-cache: false\ndefault-watch-cache-size: 20\n");
    assertThat(load(Map.of(), "--config", file.toString()))
        .extracting(ServerConfig::watchCache, ServerConfig::watchCacheSize).containsExactly(false, 20);
    assertThatThrownBy(() -> load(Map.of(), "--watch-cache=maybe")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("--watch-cache");
    assertThatThrownBy(() -> load(Map.of(), "--default-watch-cache-size=-1")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("--default-watch-cache-size");
    assertThat(Usage.text()).contains("--watch-cache").contains("--default-watch-cache-size");
  }
}
