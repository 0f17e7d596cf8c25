import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * The anchor for StartupBench: fabric8's kubernetes-server-mock in CRUD mode (plain HTTP), as its JUnit
 * extension wires it, started and stopped repeatedly in one JVM until a GET of a list answers 200.
 * Single-file program: java -cp fabric8-mock-runner.jar src/bench/fabric8/Fabric8MockStartup.java [runs]
 */
public class Fabric8MockStartup {
  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    java.util.logging.Logger quiet = java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");
    quiet.setLevel(java.util.logging.Level.WARNING);
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    HttpClient http = HttpClient.newHttpClient();
    List<long[]> starts = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      long wall = System.nanoTime();
      long cpu = os.getProcessCpuTime();
      Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
      KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(),
          responses, new KubernetesMixedDispatcher(responses, List.of()), false);
      server.init(InetAddress.getByName("127.0.0.1"), 0);
      URI list = URI.create("http://127.0.0.1:" + server.getPort() + "/api/v1/namespaces/default/configmaps");
      while (http.send(HttpRequest.newBuilder(list).build(), HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
        Thread.sleep(5);
      }
      starts.add(new long[] {(System.nanoTime() - wall) / 1_000_000, (os.getProcessCpuTime() - cpu) / 1_000_000});
      server.destroy();
      System.out.printf("[fabric8-mock] server %d: %d ms wall, %d ms process CPU%n", i + 1, starts.get(i)[0], starts.get(i)[1]);
    }
    List<long[]> later = starts.subList(1, starts.size());
    System.out.println();
    System.out.println("| fabric8 kubernetes-server-mock (CRUD), to a list answering 200 | wall ms | process CPU ms |");
    System.out.println("|---|---|---|");
    System.out.printf("| first server in the JVM | %d | %d |%n", starts.get(0)[0], starts.get(0)[1]);
    if (!later.isEmpty()) {
      System.out.printf("| later servers (%d): min / median / max | %s | %s |%n", later.size(), spread(later, 0), spread(later, 1));
    }
    String[] load = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
    System.out.printf("%nload average at the end: %s %s %s; Java %s%n", load[0], load[1], load[2], System.getProperty("java.version"));
  }

  private static String spread(List<long[]> values, int column) {
    long[] v = values.stream().mapToLong(a -> a[column]).sorted().toArray();
    return v[0] + " / " + v[v.length / 2] + " / " + v[v.length - 1];
  }
}
