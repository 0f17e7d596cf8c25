package dev.customapiserver.e2e;

import static dev.customapiserver.e2e.KubectlServerTest.fails;
import static dev.customapiserver.e2e.KubectlServerTest.ok;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --admission-control-config-file} as kube-apiserver reads it: an
 * {@code apiserver.config.k8s.io/v1} AdmissionConfiguration whose plugins take their configuration
 * inline or from a file; bad files stop the start with kube-apiserver's words.
 */
@DisplayName("kubectl: admission plugins configured by --admission-control-config-file")
class KubectlAdmissionConfigIT {
  @TempDir static Path tmp;
  static ServerProcess server;
  static Kubectl kubectl;

  static final String CONFIG = """
      apiVersion: apiserver.config.k8s.io/v1
      kind: AdmissionConfiguration
      plugins:
      - name: JenkinsService
        configuration:
          max: 2
      - name: BanFlunder
        path: banflunder.yaml
      """;

  /** A server of its own, given the configuration file. */
  @BeforeAll
  static void startServer() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("admission"));
    Files.writeString(dir.resolve("admission.yaml"), CONFIG);
    Files.writeString(dir.resolve("banflunder.yaml"), "disallowedFlunders: [voldemort]\n");
    // the old name in a flag is accepted as the alias it is (an unknown name would stop the start)
    server = ServerProcess.start(tmp.resolve("data"), "--admission-control-config-file", dir.resolve("admission.yaml").toString(),
        "--enable-admission-plugins", "JenkinsServiceQuota");
    kubectl = new Kubectl(server.kubeconfig(), Files.createDirectories(tmp.resolve("home")));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
      server = null;
    }
  }

  @Test
  @DisplayName("JenkinsService takes its max from the configuration: the third of max 2 is refused in seed 004's words")
  void jenkinsMax() throws Exception {
    String two = IntStream.range(0, 2).mapToObj(KubectlAdmissionIT::jenkins).collect(Collectors.joining("---\n"));
    ok(kubectl.runWithInput(two, "create", "-f", "-"));
    assertThat(fails(kubectl.runWithInput(KubectlAdmissionIT.jenkins(2), "create", "-f", "-")).err())
        .contains("Error from server (Forbidden): error when creating \"STDIN\": jenkinsservices.autobusi.group.cicd \"js-2\" "
            + "is forbidden: too many service instances exist, 2 exist but max is 2");
  }

  @Test
  @DisplayName("BanFlunder refuses the names its configuration file (a path relative to the AdmissionConfiguration) lists, with no Fischer")
  void banFlunderNames() throws Exception {
    String flunder = "apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata:\n  name: voldemort\n";
    assertThat(fails(kubectl.runWithInput(flunder, "create", "-f", "-")).err()).contains("Error from server (Forbidden): "
        + "error when creating \"STDIN\": flunders.wardle.example.com \"voldemort\" is forbidden: this name may not be used, "
        + "please change the resource name");
    ok(kubectl.runWithInput(flunder.replace("voldemort", "harry"), "create", "-f", "-"));
  }

  @Test
  @DisplayName("bad files stop the start (exit 2) with kube-apiserver's words: missing file, wrong kind, unknown plugin, unknown field")
  void badFiles() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("bad"));
    Files.writeString(dir.resolve("banflunder.yaml"), "disallowedFlunders: [voldemort]\n");
    Path missing = dir.resolve("missing.yaml");
    assertThat(refused(dir, missing)).contains("Error: failed to read plugin config: unable to read admission control "
        + "configuration from \"" + missing + "\" [open " + missing + ": no such file or directory]");

    Path wrongKind = Files.writeString(dir.resolve("kind.yaml"), "apiVersion: apiserver.config.k8s.io/v1\nkind: Nope\n");
    assertThat(refused(dir, wrongKind))
        .contains("Error: failed to read plugin config: no kind \"Nope\" is registered for version \"apiserver.config.k8s.io/v1\"");

    Path unknown = Files.writeString(dir.resolve("unknown.yaml"), CONFIG.replace("name: BanFlunder", "name: BanFlunderz"));
    assertThat(refused(dir, unknown)).contains("Error: admission-control-config-file plugin \"BanFlunderz\" is unknown");

    Path field = Files.writeString(dir.resolve("field.yaml"), CONFIG.replace("max: 2", "limit: 2"));
    assertThat(refused(dir, field))
        .contains("Error: couldn't init admission plugin \"JenkinsService\": strict decoding error: unknown field \"limit\"");
  }

  private static String refused(Path dir, Path config) throws Exception {
    ServerProcess.Finished f = ServerProcess.run(Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war")), dir,
        "--data-dir", dir.resolve("data").toString(), "--secure-port", "0", "--admission-control-config-file", config.toString());
    assertThat(f.exitCode()).as(f.output()).isEqualTo(2);
    return f.output();
  }
}
