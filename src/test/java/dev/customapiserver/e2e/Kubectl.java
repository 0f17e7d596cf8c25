package dev.customapiserver.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real kubectl against a server, with its own HOME (so its discovery cache is the test's)
 * and the server's kubeconfig. The binary is {@code kubectl} on PATH unless the {@code kubectl}
 * system property names another (e.g. {@code kubectl.1.27}).
 */
final class Kubectl {
  private final Path kubeconfig;
  private final Path home;
  private final String binary;

  Kubectl(Path kubeconfig, Path home) {
    this(kubeconfig, home, System.getProperty("kubectl", "kubectl"));
  }

  Kubectl(Path kubeconfig, Path home, String binary) {
    this.kubeconfig = kubeconfig;
    this.home = home;
    this.binary = binary;
  }

  /** What kubectl printed and how it exited. */
  record Result(int exitCode, String out, String err) {
    boolean ok() {
      return exitCode == 0;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  Result run(String... args) throws IOException, InterruptedException {
    return runWithInput(null, args);
  }

  /** Runs with {@code stdin} piped in (for {@code -f -}). */
  Result runWithInput(String stdin, String... args) throws IOException, InterruptedException {
    return runWithEnv(Map.of(), stdin, args);
  }

  /** Runs with extra environment variables (e.g. {@code EDITOR} for {@code kubectl edit}) and optional stdin. */
  Result runWithEnv(Map<String, String> env, String stdin, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary);
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(home, "kubectl", ".out");
    Path err = Files.createTempFile(home, "kubectl", ".err");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().put("KUBECONFIG", kubeconfig.toString());
    pb.environment().put("HOME", home.toString());
    pb.environment().putAll(env);
    Process p = pb.start();
    if (stdin != null) {
      p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    p.getOutputStream().close();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("kubectl " + String.join(" ", args) + " did not finish within 120 s");
    }
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** Starts kubectl in the background (e.g. {@code get -w}); stdout is the process's, stderr goes to a file. */
  Process start(String... args) throws IOException {
    return start(Files.createTempFile(home, "kubectl", ".err"), args);
  }

  /** Like {@link #start(String...)}, with stderr (e.g. {@code -v=6} request logs) written to {@code stderr}. */
  Process start(Path stderr, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(binary);
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr.toFile());
    pb.environment().put("KUBECONFIG", kubeconfig.toString());
    pb.environment().put("HOME", home.toString());
    Process p = pb.start();
    p.getOutputStream().close();
    return p;
  }
}
