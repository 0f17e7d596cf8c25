package dev.customapiserver.e2e;

import dev.customapiserver.testing.Ports;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * nginx (the Debian package's {@code /usr/sbin/nginx}, or {@code nginx} on PATH) run in the
 * foreground with a configuration of the test's, its prefix, logs and temporary files in {@code
 * prefix}. {@link #start} returns once nginx listens on the ports it chose; {@link #close} stops it.
 */
final class Nginx implements AutoCloseable {
  private final Process process;
  private final Path prefix;
  private final int[] ports;

  private Nginx(Process process, Path prefix, int[] ports) {
    this.process = process;
    this.prefix = prefix;
    this.ports = ports.clone();
  }

  /** The nginx binary. */
  static String binary() {
    return Files.isExecutable(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : "nginx";
  }

  /** The body of nginx's {@code http} block for the ports it is to listen on. */
  @FunctionalInterface
  interface Http {
    String on(int[] ports);
  }

  /**
   * Starts nginx with {@code http} on {@code count} free loopback ports and waits until it listens on them;
   * again on new ports if one was taken before nginx bound it.
   */
  static Nginx start(Path prefix, int count, Http http) throws IOException, InterruptedException {
    return Ports.retrying(() -> {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ports[i] = Ports.free();
      }
      return start(prefix, http.on(ports), ports);
    });
  }

  private static Nginx start(Path prefix, String http, int[] ports) throws IOException, InterruptedException {
    Files.createDirectories(prefix.resolve("tmp"));
    Files.deleteIfExists(prefix.resolve("error.log")); // a failed attempt's log must not fail the next one
    String conf = "worker_processes 1;\nerror_log " + prefix.resolve("error.log") + " info;\npid " + prefix.resolve("nginx.pid")
        + ";\nevents { worker_connections 256; }\nhttp {\n  access_log " + prefix.resolve("access.log") + ";\n"
        + "  client_body_temp_path " + prefix.resolve("tmp/body") + ";\n  proxy_temp_path " + prefix.resolve("tmp/proxy") + ";\n"
        + "  fastcgi_temp_path " + prefix.resolve("tmp/fastcgi") + ";\n  uwsgi_temp_path " + prefix.resolve("tmp/uwsgi") + ";\n"
        + "  scgi_temp_path " + prefix.resolve("tmp/scgi") + ";\n" + http + "\n}\n";
    Path file = Files.writeString(prefix.resolve("nginx.conf"), conf);
    Process p = new ProcessBuilder(binary(), "-p", prefix.toString(), "-c", file.toString(), "-g", "daemon off;")
        .redirectErrorStream(true).redirectOutput(prefix.resolve("stdout.log").toFile()).start();
    Nginx nginx = new Nginx(p, prefix, ports);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    // the master binds every listen address before it starts its worker: once that is logged, the ports are nginx's
    while (!nginx.log().contains("start worker process")) {
      if (Ports.bindFailed(nginx.log())) {
        nginx.close();
        throw new Ports.Taken("nginx could not bind its ports:\n" + nginx.log());
      }
      if (!p.isAlive() || System.nanoTime() > deadline) {
        nginx.close();
        throw new IllegalStateException("nginx did not start:\n" + nginx.log());
      }
      Thread.sleep(50); // polling for readiness against the deadline above
    }
    for (int port : ports) {
      if (!accepts(port)) {
        nginx.close();
        throw new IllegalStateException("nginx started but does not accept on " + port + ":\n" + nginx.log());
      }
    }
    return nginx;
  }

  /** The ports nginx listens on, in the order {@link Http#on} was given them. */
  int port(int i) {
    return ports[i];
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
