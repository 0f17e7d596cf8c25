package dev.customapiserver.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.customapiserver.e2e.ServerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The documentation's {@code console} sessions, played as a reader would: per page, a fresh
 * {@code java -jar target/custom-apiserver.war} started in a working folder that has the checkout's
 * {@code src}, {@code docs}, {@code server-config} and {@code target} and the server's {@code data/}, then every
 * session of the page in order in one bash, so {@code export}s and objects carry on. Each command
 * must print the lines the page shows and succeed, or fail where the page shows an error.
 * {@code <!-- doc-test: skip why -->} before a block leaves it out; {@code <!-- doc-test: server
 * --flag value -->} anywhere in a page starts its server with those flags.
 */
@DisplayName("Documentation: the console sessions of README.md and docs/ answer as written")
class DocumentationSessionsIT {
  private static final Pattern SERVER = Pattern.compile("<!--\\s*doc-test:\\s*server\\s+(.*?)\\s*-->");
  private static final Pattern QUICK_START = Pattern.compile("(?m)^java -jar target/custom-apiserver\\.war(.*)$");
  private static final String MARK = "@@@doc-test";

  @TestFactory
  Stream<DynamicTest> sessions() {
    return MarkdownPage.all().stream()
        .filter(p -> p.blocks().stream().anyMatch(b -> b.language().equals("console") && !b.skipped()))
        .map(p -> DynamicTest.dynamicTest(p.name(), () -> play(p)));
  }

  @TestFactory
  Stream<DynamicTest> quickStart() {
    return Stream.of(DynamicTest.dynamicTest("README.md's quick start starts the server as written", () -> {
      MarkdownPage readme = MarkdownPage.read(Path.of("README.md").toAbsolutePath());
      MarkdownPage.Block start = readme.blocks().stream().filter(b -> QUICK_START.matcher(b.text()).find()).findFirst()
          .orElseThrow(() -> new AssertionError("README.md has no `java -jar target/custom-apiserver.war` block"));
      assertThat(start.lines()).as("the quick start: build, then run").first().asString().startsWith("mvn ");
      Matcher m = QUICK_START.matcher(start.text());
      m.find();
      assertThat(m.group(1)).as("the quick start's java -jar line takes no flags, so the defaults are what a newcomer gets").isBlank();
    }));
  }

  private static void play(MarkdownPage page) throws Exception {
    Path work = Path.of("target", "doc-sessions", page.name().replace('/', '_')).toAbsolutePath();
    deleteTree(work);
    Files.createDirectories(work);
    for (String shared : List.of("src", "server-config", "target", "db", "docs")) {
      Files.createSymbolicLink(work.resolve(shared), Path.of(shared).toAbsolutePath());
    }
    List<String> flags = new ArrayList<>();
    Matcher server = SERVER.matcher(String.join("\n", page.lines()));
    if (server.find()) {
      flags.addAll(List.of(server.group(1).split("\\s+")));
    }
    List<ConsoleSession.Step> steps = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    for (MarkdownPage.Block b : page.blocks()) {
      if (b.language().equals("console") && !b.skipped()) {
        for (ConsoleSession.Step s : ConsoleSession.parse(b.lines()).steps()) {
          steps.add(s);
          lines.add(b.line());
        }
      }
    }
    try (ServerProcess process = ServerProcess.start(work.resolve("data"), flags.toArray(String[]::new))) {
      List<String[]> results = run(work, process, steps);
      List<String> wrong = new ArrayList<>();
      for (int i = 0; i < steps.size(); i++) {
        ConsoleSession.Step step = steps.get(i);
        String output = i < results.size() ? results.get(i)[1] : "(not run: the session stopped before)";
        int rc = i < results.size() ? Integer.parseInt(results.get(i)[0]) : -1;
        String missing = step.firstMissing(output);
        if (missing != null || (rc == 0) == step.fails()) {
          wrong.add(page.name() + ":" + lines.get(i) + ": $ " + step.command() + "\n  exit " + rc
              + (missing != null ? ", no line like: " + missing : "") + "\n  printed:\n" + output.indent(4));
        }
      }
      assertThat(wrong).as("commands of " + page.name() + " that do not answer as the page shows").isEmpty();
    }
  }

  /** Runs the steps in one bash in {@code work}; per step its exit code and output (stdout and stderr). */
  private static List<String[]> run(Path work, ServerProcess server, List<ConsoleSession.Step> steps)
      throws IOException, InterruptedException {
    StringBuilder script = new StringBuilder("cd ").append(quote(work.toString())).append('\n');
    for (int i = 0; i < steps.size(); i++) {
      script.append("echo ").append(MARK).append(" begin\n{\n").append(steps.get(i).command())
          .append("\n} </dev/null 2>&1\nrc=$?\necho\necho ").append(MARK).append(" end $rc\n");
    }
    Path file = work.resolve("session.sh");
    Files.writeString(file, script);
    ProcessBuilder bash = new ProcessBuilder("bash", file.toString()).directory(work.toFile()).redirectErrorStream(true);
    Map<String, String> env = bash.environment();
    env.put("KUBECONFIG", server.kubeconfig().toString());
    env.remove("KUBE_EDITOR");
    Path out = work.resolve("session.out");
    bash.redirectOutput(out.toFile());
    Process p = bash.start();
    if (!p.waitFor(600, TimeUnit.SECONDS)) { // a bound for a hung command, not a timing
      p.destroyForcibly();
    }
    List<String[]> results = new ArrayList<>();
    StringBuilder current = null;
    for (String line : Files.readAllLines(out)) {
      if (line.equals(MARK + " begin")) {
        current = new StringBuilder();
      } else if (line.startsWith(MARK + " end ") && current != null) {
        results.add(new String[] {line.substring((MARK + " end ").length()), current.toString()});
        current = null;
      } else if (current != null) {
        current.append(line).append('\n');
      }
    }
    return results;
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) { // symbolic links are not followed: the checkout stays
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
