package dev.customapiserver.admission.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("--admission-control-config-file: an AdmissionConfiguration read as kube-apiserver reads it")
class AdmissionConfigurationTest {
  @TempDir Path dir;

  record Limit(Integer max) {}

  record Names(List<String> disallowedFlunders) {}

  Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  @DisplayName("plugins take an inline configuration or a file relative to the AdmissionConfiguration; apiVersion/kind inside are ignored")
  void inlineAndPath() throws Exception {
    write("ban.json", "{\"apiVersion\":\"wardle.example.com/v1alpha1\",\"kind\":\"BanFlunderConfiguration\","
        + "\"disallowedFlunders\":[\"a\",\"b\"]}");
    AdmissionConfiguration c = AdmissionConfiguration.read(write("admission.yaml", """
        apiVersion: apiserver.config.k8s.io/v1
        kind: AdmissionConfiguration
        plugins:
        - name: JenkinsServiceQuota
          configuration: {max: 3}
        - name: BanFlunder
          path: ban.json
        - name: PizzaToppings
        """));
    assertThat(c.names()).containsExactly("JenkinsServiceQuota", "BanFlunder", "PizzaToppings");
    assertThat(c.of(Limit.class, "JenkinsService", List.of("JenkinsServiceQuota"))).contains(new Limit(3));
    assertThat(c.of(Names.class, "BanFlunder", List.of())).contains(new Names(List.of("a", "b")));
    assertThat(c.of(Names.class, "PizzaToppings", List.of())).as("named without configuration").isEmpty();
    assertThat(c.of(Names.class, "Other", List.of())).isEmpty();
    assertThat(AdmissionConfiguration.EMPTY.of(Limit.class, "JenkinsService", List.of())).isEmpty();
  }

  @Test
  @DisplayName("a missing file, a file of another kind or without one, and a missing plugin file are refused in kube-apiserver's words")
  void badFiles() throws Exception {
    Path missing = dir.resolve("nope.yaml");
    assertThatThrownBy(() -> AdmissionConfiguration.read(missing)).hasMessage("failed to read plugin config: unable to read "
        + "admission control configuration from \"" + missing + "\" [open " + missing + ": no such file or directory]");
    assertThatThrownBy(() -> AdmissionConfiguration.read(write("k.yaml", "apiVersion: v1\nkind: ConfigMap\n")))
        .hasMessage("failed to read plugin config: no kind \"ConfigMap\" is registered for version \"v1\"");
    assertThatThrownBy(() -> AdmissionConfiguration.read(write("m.yaml", "apiVersion: apiserver.config.k8s.io/v1\nplugins: []\n")))
        .hasMessage("failed to read plugin config: Object 'Kind' is missing in "
            + "'{\"apiVersion\":\"apiserver.config.k8s.io/v1\",\"plugins\":[]}'");
    assertThatThrownBy(() -> AdmissionConfiguration.read(write("y.yaml", "plugins: [\n")))
        .hasMessageStartingWith("failed to read plugin config: error converting YAML to JSON: yaml: ");
    Path gone = dir.resolve("gone.yaml");
    assertThatThrownBy(() -> AdmissionConfiguration.read(write("p.yaml", """
        apiVersion: apiserver.config.k8s.io/v1
        kind: AdmissionConfiguration
        plugins:
        - name: BanFlunder
          path: gone.yaml
        """))).hasMessage("failed to read plugin config: Couldn't open admission plugin configuration " + gone + ": open " + gone
            + ": no such file or directory");
  }

  @Test
  @DisplayName("a configuration that does not fit the plugin's type is couldn't init admission plugin, naming the field")
  void badPluginConfiguration() throws Exception {
    AdmissionConfiguration c = AdmissionConfiguration.read(write("a.yaml", """
        apiVersion: apiserver.config.k8s.io/v1
        kind: AdmissionConfiguration
        plugins:
        - name: JenkinsService
          configuration: {limit: 3}
        - name: BanFlunder
          configuration: {disallowedFlunders: {a: b}}
        """));
    assertThatThrownBy(() -> c.of(Limit.class, "JenkinsService", List.of()))
        .hasMessage("couldn't init admission plugin \"JenkinsService\": strict decoding error: unknown field \"limit\"");
    assertThatThrownBy(() -> c.of(Names.class, "BanFlunder", List.of()))
        .hasMessageStartingWith("couldn't init admission plugin \"BanFlunder\": invalid value for field \"disallowedFlunders\": ");
  }

  @Test
  @DisplayName("an entry naming no plugin (nor alias) is refused, worded as the admission flags' unknown names")
  void unknownNames() throws Exception {
    AdmissionConfiguration c = AdmissionConfiguration.read(write("a.yaml", """
        apiVersion: apiserver.config.k8s.io/v1
        kind: AdmissionConfiguration
        plugins:
        - name: JenkinsServiceQuota
        - name: Nope
        """));
    var plugins = List.of(PluginSelectionTest.plugin("NamespaceLifecycle", true), new dev.customapiserver.admission.AdmissionPlugin() {
      @Override
      public String name() {
        return "JenkinsService";
      }

      @Override
      public List<String> aliases() {
        return List.of("JenkinsServiceQuota");
      }

      @Override
      public java.util.Set<dev.customapiserver.admission.Operation> operations() {
        return java.util.Set.of();
      }
    });
    assertThatThrownBy(() -> c.checkNames(plugins)).hasMessage("admission-control-config-file plugin \"Nope\" is unknown");
  }
}
