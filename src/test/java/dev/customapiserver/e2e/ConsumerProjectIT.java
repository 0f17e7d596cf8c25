package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's Maven project ({@code src/it/consumer}: the README's dependency snippet, one
 * {@code @WithApiServer} test with fabric8) built against the classes jar this build just packaged,
 * as a user's build would: online, taking from Maven Central whatever its dependencies need that
 * the server's own build never downloaded (an offline build passed only on machines that had them
 * from before). Nothing of this build is installed into the developer's local repository: the
 * consumer's local repository is an overlay, a temporary directory whose entries are symbolic links
 * to those of the real one, except for {@code dev/customapiserver/custom-apiserver/<version>}, which
 * holds the fresh jar and this pom only; {@code -nsu} keeps Maven from looking for that snapshot
 * remotely, so the jar tested is this build's.
 */
@DisplayName("a separate Maven project tests against the published classes jar")
class ConsumerProjectIT {
  private static final List<String> ARTIFACT_PATH = List.of("dev", "customapiserver", "custom-apiserver");

  @TempDir Path tmp;

  @Test
  @DisplayName("the README's dependencies compile and run a @WithApiServer test creating a namespace and a ConfigMap")
  void consumerBuildPasses() throws Exception {
    Path war = Path.of(System.getProperty("apiserver.war", "target/custom-apiserver.war")).toAbsolutePath();
    Path target = war.getParent();
    Path classesJar = target.resolve("custom-apiserver-classes.jar");
    assertThat(classesJar).as("the classes jar the war plugin attaches").exists();
    String version = version(target);
    Path realRepo = Path.of(System.getProperty("maven.repo.local", System.getProperty("user.home") + "/.m2/repository"));
    assumeTrue(Files.isDirectory(realRepo), "no local Maven repository at " + realRepo);
    Path mvn = onPath("mvn");
    assumeTrue(mvn != null, "no mvn on PATH");

    Path repo = tmp.resolve("repo");
    overlay(realRepo, repo, ARTIFACT_PATH);
    Path versionDir = repo.resolve(String.join("/", ARTIFACT_PATH)).resolve(version);
    Files.createDirectories(versionDir);
    Files.copy(classesJar, versionDir.resolve("custom-apiserver-" + version + "-classes.jar"));
    Files.copy(target.getParent().resolve("pom.xml"), versionDir.resolve("custom-apiserver-" + version + ".pom"));

    Path project = tmp.resolve("consumer");
    copyTree(target.getParent().resolve("src/it/consumer"), project);
    Path log = tmp.resolve("mvn.log");
    Process p = new ProcessBuilder(mvn.toString(), "-B", "-nsu", "test", "-Dmaven.repo.local=" + repo,
        "-Dcustom-apiserver.version=" + version)
        .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) { // a bound on a loaded machine, not a timing
      p.destroyForcibly().waitFor();
      throw new AssertionError("the consumer build did not finish in 10 minutes:\n" + Files.readString(log));
    }
    String output = Files.readString(log);
    assertThat(p.exitValue()).as("mvn test in the consumer project:\n%s", output).isZero();
    Path report = project.resolve("target/surefire-reports/TEST-example.ConsumerTest.xml");
    assertThat(report).exists();
    assertThat(Files.readString(report)).contains("tests=\"1\"").contains("failures=\"0\"").contains("errors=\"0\"")
        .contains("skipped=\"0\"");
  }

  private static String version(Path target) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(target.resolve("maven-archiver/pom.properties"))) {
      p.load(in);
    }
    return p.getProperty("version");
  }

  /** {@code to} mirrors {@code from} with symbolic links, except along {@code keep}, made of real directories. */
  private static void overlay(Path from, Path to, List<String> keep) throws IOException {
    Files.createDirectories(to);
    if (keep.isEmpty()) {
      return; // the artifact's own directory: only the fresh version, nothing installed before
    }
    try (Stream<Path> entries = Files.list(from)) {
      for (Path e : entries.toList()) {
        String name = e.getFileName().toString();
        if (name.equals(keep.get(0))) {
          overlay(e, to.resolve(name), keep.subList(1, keep.size()));
        } else {
          Files.createSymbolicLink(to.resolve(name), e.toAbsolutePath());
        }
      }
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path dest = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(dest);
        } else {
          Files.copy(f, dest, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static Path onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
