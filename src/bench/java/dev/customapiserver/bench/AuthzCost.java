package dev.customapiserver.bench;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The cost of authorization on a get: two servers of the same WAR, one with {@code
 * --authorization-mode=RBAC} (the default), one with {@code AlwaysAllow}, both with the same token
 * user {@code bench-user} (not in system:masters, whom every mode lets through without asking RBAC),
 * the same Role and RoleBinding (get Foos in one namespace) and {@code bench.authzBindings} other
 * RoleBindings and ClusterRoleBindings for other users, so RBAC has bindings to search. Then
 * {@code bench.authzConcurrency} clients GET one Foo as bench-user for {@code bench.authzSeconds},
 * alternating between the servers {@code bench.authzRounds} times (load that changes over time
 * falls on both), after a warm-up. Reports gets per second and latency per mode, their ratio, and
 * the load average around every window.
 */
final class AuthzCost {
  static final String NAMESPACE = "bench-authz";
  static final String USER = "bench-user";
  static final String USER_TOKEN = "bench-user-token";
  private final BenchConfig cfg;
  private final Path outDir;
  private final String stamp;
  private final Consumer<ServerUnderTest> running;

  AuthzCost(BenchConfig cfg, String stamp, Consumer<ServerUnderTest> running) {
    this.cfg = cfg;
    this.outDir = cfg.outDir();
    this.stamp = stamp;
    this.running = running;
  }

  Map<String, Object> run() throws Exception {
    Path tokens = Files.writeString(Files.createTempFile("bench-tokens-", ".csv"), USER_TOKEN + "," + USER + ",bench-uid\n");
    try (ServerUnderTest rbac = start("RBAC", tokens); ServerUnderTest allow = start("AlwaysAllow", tokens)) {
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("rbac_check_default_namespace", prepare(rbac));
      result.put("alwaysallow_check_default_namespace", prepare(allow));
      Window warmRbac = measure(rbac, Math.max(2, cfg.authzSeconds() / 4));
      Window warmAllow = measure(allow, Math.max(2, cfg.authzSeconds() / 4));
      result.put("warmup_gets", warmRbac.gets + warmAllow.gets);
      List<Window> rbacWindows = new ArrayList<>();
      List<Window> allowWindows = new ArrayList<>();
      List<String> loads = new ArrayList<>();
      for (int round = 0; round < cfg.authzRounds(); round++) {
        loads.add(BenchMain.loadAverage());
        rbacWindows.add(measure(rbac, cfg.authzSeconds()));
        loads.add(BenchMain.loadAverage());
        allowWindows.add(measure(allow, cfg.authzSeconds()));
      }
      loads.add(BenchMain.loadAverage());
      Map<String, Object> r = summary(rbacWindows);
      Map<String, Object> a = summary(allowWindows);
      result.put("rbac", r);
      result.put("always_allow", a);
      double rbacRate = (double) r.get("gets_per_s");
      double allowRate = (double) a.get("gets_per_s");
      result.put("rbac_over_alwaysallow_throughput", Math.round(rbacRate / allowRate * 1000) / 1000.0);
      result.put("loadavg_per_window", loads);
      return result;
    } finally {
      Files.deleteIfExists(tokens);
    }
  }

  private ServerUnderTest start(String mode, Path tokens) throws Exception {
    ServerUnderTest s = ServerUnderTest.start(cfg.war(), outDir, cfg.serverJvmArgs(), stamp + "-" + mode,
        List.of("--token-auth-file", tokens.toString(), "--authorization-mode", mode));
    running.accept(s);
    System.out.println("[bench] authz: " + mode + " server pid " + s.pid() + " at " + s.url());
    return s;
  }

  /**
   * As the admin: the namespace, one Foo, bench-user's Role and RoleBinding, the other users'
   * bindings. Returns the HTTP status bench-user gets for the Foos of {@code default} (403 under RBAC).
   */
  private int prepare(ServerUnderTest s) throws Exception {
    Api admin = new Api(s.newClient(), s.url(), s.token());
    admin.createNamespace(NAMESPACE);
    admin.create(NAMESPACE, "target", "authz");
    post(admin, "/apis/rbac.authorization.k8s.io/v1/namespaces/" + NAMESPACE + "/roles", "{\"apiVersion\":"
        + "\"rbac.authorization.k8s.io/v1\",\"kind\":\"Role\",\"metadata\":{\"name\":\"foo-getter\"},\"rules\":[{\"apiGroups\":"
        + "[\"hello.zeng.dev\"],\"resources\":[\"foos\"],\"verbs\":[\"get\"]}]}");
    for (int i = 0; i < cfg.authzBindings(); i++) {
      post(admin, "/apis/rbac.authorization.k8s.io/v1/namespaces/" + NAMESPACE + "/rolebindings",
          binding("RoleBinding", "other-" + i, "Role", "foo-getter", "other-user-" + i));
      post(admin, "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings",
          binding("ClusterRoleBinding", "bench-other-" + i, "ClusterRole", "view", "other-user-" + i));
    }
    post(admin, "/apis/rbac.authorization.k8s.io/v1/namespaces/" + NAMESPACE + "/rolebindings",
        binding("RoleBinding", "bench-user-gets", "Role", "foo-getter", USER));
    Api user = new Api(s.newClient(), s.url(), USER_TOKEN);
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (get(user.client(), user, fooPath()) != 200) { // the binding reaches the RBAC cache
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(USER + " cannot get " + fooPath() + " after 30 s");
      }
      Thread.sleep(50);
    }
    return get(user.client(), user, Api.foosPath("default"));
  }

  private static String binding(String kind, String name, String roleKind, String role, String user) {
    return "{\"apiVersion\":\"rbac.authorization.k8s.io/v1\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name
        + "\"},\"roleRef\":{\"apiGroup\":\"rbac.authorization.k8s.io\",\"kind\":\"" + roleKind + "\",\"name\":\"" + role
        + "\"},\"subjects\":[{\"apiGroup\":\"rbac.authorization.k8s.io\",\"kind\":\"User\",\"name\":\"" + user + "\"}]}";
  }

  private static void post(Api admin, String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = admin.client().send(admin.request(path, Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 201 && r.statusCode() != 409) {
      throw new IOException("POST " + path + ": HTTP " + r.statusCode() + " " + Api.abbreviate(r.body()));
    }
  }

  static String fooPath() {
    return Api.foosPath(NAMESPACE) + "/target";
  }

  private static int get(HttpClient client, Api user, String path) throws IOException, InterruptedException {
    return client.send(user.request(path, Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /** One window's gets (every one must be a 200) and their latencies. */
  record Window(long gets, long nanos, long[] latencies) {}

  private Window measure(ServerUnderTest s, long seconds) throws Exception {
    int clients = cfg.authzConcurrency();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      Api user = new Api(s.newClient(), s.url(), USER_TOKEN);
      long start = System.nanoTime();
      long end = start + Duration.ofSeconds(seconds).toNanos();
      List<Future<long[]>> futures = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        futures.add(pool.submit(() -> {
          long[] lat = new long[1024];
          int n = 0;
          while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            int code = get(user.client(), user, fooPath());
            if (code != 200) {
              throw new IOException("GET " + fooPath() + " as " + USER + ": HTTP " + code);
            }
            if (n == lat.length) {
              lat = java.util.Arrays.copyOf(lat, n * 2);
            }
            lat[n++] = System.nanoTime() - t0;
          }
          return java.util.Arrays.copyOf(lat, n);
        }));
      }
      List<long[]> all = new ArrayList<>();
      long gets = 0;
      for (Future<long[]> f : futures) {
        long[] l = f.get();
        gets += l.length;
        all.add(l);
      }
      long nanos = System.nanoTime() - start;
      long[] merged = all.stream().flatMapToLong(java.util.Arrays::stream).toArray();
      return new Window(gets, nanos, merged);
    } finally {
      pool.shutdownNow();
    }
  }

  private static Map<String, Object> summary(List<Window> windows) {
    long gets = windows.stream().mapToLong(Window::gets).sum();
    long nanos = windows.stream().mapToLong(Window::nanos).sum();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("gets", gets);
    m.put("seconds", Math.round(nanos / 1e7) / 100.0);
    m.put("gets_per_s", Math.round(gets / (nanos / 1e9) * 10) / 10.0);
    m.put("per_window_gets_per_s", windows.stream().map(w -> Math.round(w.gets / (w.nanos / 1e9) * 10) / 10.0).toList());
    m.put("latency", Percentiles.ofNanos(windows.stream().flatMapToLong(w -> java.util.Arrays.stream(w.latencies)).toArray()));
    return m;
  }
}
