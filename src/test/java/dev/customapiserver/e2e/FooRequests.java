package dev.customapiserver.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Plain-JSON Foo requests (hello.zeng.dev/v2) over {@link ServerProcess#send}, for tests that bypass client libraries. */
final class FooRequests {
  static final ObjectMapper JSON = new ObjectMapper();
  private final ServerProcess server;
  private final String collection;

  FooRequests(ServerProcess server, String namespace) {
    this.server = server;
    this.collection = "/apis/hello.zeng.dev/v2/namespaces/" + namespace + "/foos";
  }

  /** A Foo as it was acknowledged: name, resourceVersion and {@code spec.config.msg}. */
  record Stored(String name, String resourceVersion, String msg) {
    static Stored of(JsonNode foo) {
      return new Stored(foo.path("metadata").path("name").asText(), foo.path("metadata").path("resourceVersion").asText(),
          foo.path("spec").path("config").path("msg").asText());
    }
  }

  static String foo(String name, String resourceVersion, String msg) {
    ObjectNode foo = JSON.createObjectNode().put("apiVersion", "hello.zeng.dev/v2").put("kind", "Foo");
    ObjectNode meta = foo.putObject("metadata").put("name", name);
    if (resourceVersion != null) {
      meta.put("resourceVersion", resourceVersion);
    }
    foo.putObject("spec").putObject("config").put("msg", msg);
    return foo.toString();
  }

  HttpResponse<String> create(String name, String msg) throws IOException, InterruptedException {
    return server.send("POST", collection, foo(name, null, msg), "application/json");
  }

  HttpResponse<String> replace(String name, String resourceVersion, String msg) throws IOException, InterruptedException {
    return server.send("PUT", collection + "/" + name, foo(name, resourceVersion, msg), "application/json");
  }

  /** Every Foo in the namespace, paging with {@code limit} and {@code continue}; fails on any non-200 page. */
  List<Stored> listAll(int limit) throws IOException, InterruptedException {
    List<Stored> all = new ArrayList<>();
    String cont = "";
    for (int page = 0; page < 10_000; page++) {
      String query = "?limit=" + limit + (cont.isEmpty() ? "" : "&continue=" + URLEncoder.encode(cont, StandardCharsets.UTF_8));
      HttpResponse<String> r = server.send("GET", collection + query, null, null);
      if (r.statusCode() != 200) {
        throw new IllegalStateException("list page " + page + " answered " + r.statusCode() + ": " + r.body());
      }
      JsonNode list = read(r.body());
      list.path("items").forEach(item -> all.add(Stored.of(item)));
      cont = list.path("metadata").path("continue").asText("");
      if (cont.isEmpty()) {
        return all;
      }
    }
    throw new IllegalStateException("more than 10000 pages: the continue token does not advance");
  }

  static JsonNode read(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + body, e);
    }
  }
}
