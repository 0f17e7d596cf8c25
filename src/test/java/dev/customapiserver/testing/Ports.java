package dev.customapiserver.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Locale;

/**
 * Ports for processes that must be told theirs in advance (etcd, PostgreSQL, MariaDB, nginx). A port
 * that was free a moment ago can be taken by anything else on the machine before the process binds
 * it (an outgoing connection's local port included), so such a process is started through {@link
 * #retrying}: a start that failed to bind throws {@link Taken} and is tried again on new ports.
 * Where a process can pick its own port and tell it (Jetty, {@code --secure-port 0}), let it.
 */
public final class Ports {
  /** How many starts on new ports before giving up. */
  public static final int ATTEMPTS = 5;

  private Ports() {}

  /** A loopback port free at this moment; start its process through {@link #retrying}. */
  public static int free() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Whether a process's output says it could not bind its address (etcd, PostgreSQL, MariaDB and nginx's wording). */
  public static boolean bindFailed(String output) {
    return output.toLowerCase(Locale.ROOT).contains("address already in use");
  }

  /** One start on newly chosen ports. */
  @FunctionalInterface
  public interface Start<T> {
    T attempt() throws IOException, InterruptedException;
  }

  /** Runs {@code start} until it does not throw {@link Taken}, at most {@link #ATTEMPTS} times. */
  public static <T> T retrying(Start<T> start) throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try {
        return start.attempt();
      } catch (Taken e) {
        if (attempt == ATTEMPTS) {
          throw new IOException("gave up after " + ATTEMPTS + " starts, each on a port taken before the process bound it", e);
        }
      }
    }
  }

  /** A process exited (or was stopped) because another had taken its port. */
  public static final class Taken extends IOException {
    public Taken(String message) {
      super(message);
    }
  }
}
