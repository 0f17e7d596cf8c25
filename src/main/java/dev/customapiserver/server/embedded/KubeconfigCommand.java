package dev.customapiserver.server.embedded;

import dev.customapiserver.server.datadir.DataDirectory;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code custom-apiserver.war kubeconfig --user NAME [--group G]... [--data-dir DIR] [--server URL]
 * [--days N] [--output FILE]}: mints a client certificate (CN = user, O = groups) signed by the data
 * directory's CA and prints (or writes, mode 0600) a kubeconfig using it, for the server the data
 * directory's own kubeconfig points at. The server trusts that CA for client certificates unless
 * {@code --client-ca-file} names another.
 */
final class KubeconfigCommand {
  static final String NAME = "kubeconfig";
  static final String USAGE = """
      Usage: java -jar custom-apiserver.war kubeconfig --user NAME [--group GROUP]... [flags]

      Mints a client certificate (CN=NAME, O=GROUP...) signed by the server's CA in --data-dir and
      prints a kubeconfig using it.

        --user NAME       user name (the certificate's common name); required
        --group GROUP     group (an organization of the certificate); repeatable
        --data-dir DIR    the server's data directory (default ./data)
        --server URL      server URL (default: the one of DIR/kubeconfig)
        --days N          validity in days (default 365)
        --output FILE     write the kubeconfig to FILE (mode 0600) instead of standard output
      """;

  private KubeconfigCommand() {}

  static int run(List<String> args, PrintStream out, PrintStream err) {
    String user = null;
    List<String> groups = new ArrayList<>();
    Path dataDir = Path.of("./data");
    String server = null;
    long days = 365;
    Path output = null;
    try {
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        if (name.equals("--help") || name.equals("-h")) {
          out.print(USAGE);
          return 0;
        }
        String value;
        if (a.contains("=")) {
          value = a.substring(a.indexOf('=') + 1);
        } else if (i + 1 < args.size()) {
          value = args.get(++i);
        } else {
          throw new IllegalArgumentException("flag needs an argument: " + name);
        }
        switch (name) {
          case "--user" -> user = value;
          case "--group" -> groups.add(value);
          case "--data-dir" -> dataDir = Path.of(value);
          case "--server" -> server = value;
          case "--days" -> days = Long.parseLong(value);
          case "--output", "-o" -> output = Path.of(value);
          default -> throw new IllegalArgumentException("unknown flag: " + name);
        }
      }
      if (user == null || user.isBlank()) {
        throw new IllegalArgumentException("--user is required");
      }
      if (days < 1) {
        throw new IllegalArgumentException("--days must be at least 1");
      }
    } catch (IllegalArgumentException e) {
      err.println("Error: " + e.getMessage());
      err.println();
      err.print(USAGE);
      return Cli.USAGE;
    }
    try {
      String yaml = new DataDirectory(dataDir, Clock.systemUTC(), new SecureRandom())
          .clientKubeconfig(user, groups, server, Duration.ofDays(days));
      if (output == null) {
        out.print(yaml);
      } else {
        Files.writeString(output, yaml, StandardCharsets.UTF_8);
        try {
          Files.setPosixFilePermissions(output, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
          // not a POSIX file system
        }
        err.println("Wrote " + output + " for user " + user + (groups.isEmpty() ? "" : " in " + String.join(", ", groups)));
      }
      return 0;
    } catch (IllegalStateException | IOException e) {
      err.println("Error: " + e.getMessage());
      return Cli.FAILED;
    }
  }
}
