package dev.customapiserver.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Foo (hello.zeng.dev/v2) requests as the admin; every request has a timeout. */
final class Api {
  static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient client;
  private final URI base;
  private final String token;

  Api(HttpClient client, URI base, String token) {
    this.client = client;
    this.base = base;
    this.token = token;
  }

  HttpClient client() {
    return client;
  }

  static String foosPath(String namespace) {
    return "/apis/hello.zeng.dev/v2/namespaces/" + namespace + "/foos";
  }

  HttpRequest.Builder request(String pathAndQuery, Duration timeout) {
    return HttpRequest.newBuilder(base.resolve(pathAndQuery)).timeout(timeout)
        .header("Authorization", "Bearer " + token).header("Accept", "application/json");
  }

  /** POSTs a Foo; returns its resourceVersion. Throws on a non-201 answer. */
  String create(String namespace, String name, String msg) throws IOException, InterruptedException {
    String body = "{\"apiVersion\":\"hello.zeng.dev/v2\",\"kind\":\"Foo\",\"metadata\":{\"name\":\"" + name
        + "\"},\"spec\":{\"image\":\"busybox:1.36\",\"config\":{\"msg\":\"" + msg + "\"}}}";
    HttpResponse<String> r = client.send(request(foosPath(namespace), Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 201 && r.statusCode() != 200) {
      throw new IOException("create " + name + ": HTTP " + r.statusCode() + " " + abbreviate(r.body()));
    }
    return JSON.readTree(r.body()).path("metadata").path("resourceVersion").asText();
  }

  /** Sends a request, answering the response as text whatever its status. */
  HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
    return client.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** Creates a namespace (objects may only be created in existing ones); an existing one is fine. */
  void createNamespace(String name) throws IOException, InterruptedException {
    String body = "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + name + "\"}}";
    HttpResponse<String> r = client.send(request("/api/v1/namespaces", Duration.ofSeconds(30))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 201 && r.statusCode() != 409) {
      throw new IOException("create namespace " + name + ": HTTP " + r.statusCode() + " " + abbreviate(r.body()));
    }
  }

  /** GET as a string (lists); throws on non-200. */
  String get(String pathAndQuery, Duration timeout) throws IOException, InterruptedException {
    HttpResponse<String> r = client.send(request(pathAndQuery, timeout).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException("GET " + pathAndQuery + ": HTTP " + r.statusCode() + " " + abbreviate(r.body()));
    }
    return r.body();
  }

  JsonNode getJson(String pathAndQuery) throws IOException, InterruptedException {
    return JSON.readTree(get(pathAndQuery, Duration.ofSeconds(60)));
  }

  static String abbreviate(String s) {
    return s.length() > 300 ? s.substring(0, 300) + "..." : s;
  }
}
