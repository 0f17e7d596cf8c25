package dev.customapiserver.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * nginx (the Debian package's {@code /usr/sbin/nginx}, or {@code nginx} on PATH) run in the
 * foreground with a configuration of the test's, its prefix, logs and temporary files in {@code
 * prefix}. {@link #start} returns once every listed port accepts connections; {@link #close} stops it.
 */
final class Nginx implements AutoCloseable {
  private final Process process;
  private final Path prefix;

  private Nginx(Process process, Path prefix) {
    this.process = process;
    this.prefix = prefix;
  }

  /** A free loopback port (for the configuration to listen on). */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** The nginx binary. */
  static String binary() {
    return Files.isExecutable(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : "nginx";
  }

  /** Starts nginx with {@code http} (the body of its {@code http} block) and waits for {@code ports}. */
  static Nginx start(Path prefix, String http, int... ports) throws IOException, InterruptedException {
    Files.createDirectories(prefix.resolve("tmp"));
    String conf = "worker_processes 1;\nerror_log " + prefix.resolve("error.log") + " info;\npid " + prefix.resolve("nginx.pid")
        + ";\nevents { worker_connections 256; }\nhttp {\n  access_log " + prefix.resolve("access.log") + ";\n"
        + "  client_body_temp_path " + prefix.resolve("tmp/body") + ";\n  proxy_temp_path " + prefix.resolve("tmp/proxy") + ";\n"
        + "  fastcgi_temp_path " + prefix.resolve("tmp/fastcgi") + ";\n  uwsgi_temp_path " + prefix.resolve("tmp/uwsgi") + ";\n"
        + "  scgi_temp_path " + prefix.resolve("tmp/scgi") + ";\n" + http + "\n}\n";
    Path file = Files.writeString(prefix.resolve("nginx.conf"), conf);
    Process p = new ProcessBuilder(binary(), "-p", prefix.toString(), "-c", file.toString(), "-g", "daemon off;")
        .redirectErrorStream(true).redirectOutput(prefix.resolve("stdout.log").toFile()).start();
    Nginx nginx = new Nginx(p, prefix);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    for (int port : ports) {
      while (!accepts(port)) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          nginx.close();
          throw new IllegalStateException("nginx did not start:\n" + nginx.log());
        }
        Thread.sleep(50);
      }
    }
    return nginx;
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** nginx's output and error log. */
  String log() {
    try {
      String out = Files.readString(prefix.resolve("stdout.log"));
      Path err = prefix.resolve("error.log");
      return out + (Files.exists(err) ? Files.readString(err) : "");
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Override
  public void close() {
    process.destroy(); // SIGTERM: nginx's fast shutdown, workers included
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
