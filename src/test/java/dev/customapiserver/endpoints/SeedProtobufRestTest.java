package dev.customapiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.apis.wardle.FlunderV1beta1;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.MetaProtobuf;
import dev.customapiserver.runtime.ProtoMessage;
import dev.customapiserver.testing.MemoryStorageBackend;
import dev.customapiserver.testing.TestServer;
import java.io.DataInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The seed groups' kinds in Kubernetes protobuf through the REST layer: a create sent and answered in
 * protobuf, get, list, a watch stream of length-prefixed WatchEvents, a Status in protobuf, and the
 * OpenAPI that lists the media type for them only.
 */
@DisplayName("The seed groups' kinds in Kubernetes protobuf through the REST layer")
class SeedProtobufRestTest {
  private static final String PROTOBUF = "application/vnd.kubernetes.protobuf";
  private static final String FLUNDERS = "/apis/wardle.example.com/v1beta1/namespaces/default/flunders";
  private static final Codecs CODECS = new Codecs();
  private static final ObjectMapper JSON = CODECS.json();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    server = new TestServer(TestServer.everyGroup(), new MemoryStorageBackend());
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  @DisplayName("a Flunder created in protobuf is answered 201 in protobuf, then read, listed and watched in protobuf")
  void flunderInProtobuf() throws Exception {
    HttpResponse<byte[]> created = send("POST", FLUNDERS, flunder("proto", "other"), "Content-Type", PROTOBUF, "Accept", PROTOBUF);
    assertThat(created.statusCode()).as(new String(created.body())).isEqualTo(201);
    assertThat(created.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
    FlunderV1beta1 c = decode(created.body(), "wardle.example.com/v1beta1", "Flunder");
    assertThat(c.metadata.name).isEqualTo("proto");
    assertThat(c.metadata.uid).isNotEmpty();
    assertThat(c.metadata.creationTimestamp).isNotNull();
    assertThat(c.spec.flunderReference).isEqualTo("other");
    assertThat(c.spec.referenceType).isEqualTo("Flunder");

    HttpResponse<byte[]> got = send("GET", FLUNDERS + "/proto", null, "Accept", PROTOBUF);
    assertThat(got.statusCode()).isEqualTo(200);
    assertThat(got.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
    FlunderV1beta1 g = decode(got.body(), "wardle.example.com/v1beta1", "Flunder");
    assertThat(g.metadata.resourceVersion).isEqualTo(c.metadata.resourceVersion);
    assertThat(g.spec.flunderReference).isEqualTo("other");
    JsonNode asJson = JSON.readTree(server.send("GET", FLUNDERS + "/proto", null).body());
    assertThat(asJson.at("/spec").toString()).as("Go's empty fischerReference is unset, as in a Go client's JSON")
        .isEqualTo("{\"flunderReference\":\"other\",\"referenceType\":\"Flunder\"}");

    HttpResponse<byte[]> listed = send("GET", FLUNDERS, null, "Accept", PROTOBUF + ", application/json");
    assertThat(listed.statusCode()).isEqualTo(200);
    KubeProtobuf.Envelope list = KubeProtobuf.unwrap(listed.body());
    assertThat(list.kind()).isEqualTo("FlunderList");
    List<String> names = new ArrayList<>();
    String[] listRv = {""};
    KubeProtobuf.message(list.raw(), (n, in) -> {
      if (n == 1) {
        KubeProtobuf.message(in.readBytes(), (ln, lin) -> {
          if (ln == 2) {
            listRv[0] = lin.readStringRequireUtf8();
            return true;
          }
          return false;
        });
        return true;
      }
      if (n == 2) {
        names.add(((FlunderV1beta1) CODECS.protobuf(FlunderV1beta1.class).decode(in.readBytes())).metadata.name);
        return true;
      }
      return false;
    });
    assertThat(names).contains("proto");
    assertThat(listRv[0]).isNotEmpty();

    // a watch from before the create: its first event is the ADDED Flunder, framed as kube frames protobuf events
    long before = Long.parseLong(c.metadata.resourceVersion) - 1;
    HttpRequest watch = HttpRequest.newBuilder(URI.create(server.base() + FLUNDERS
            + "?watch=true&fieldSelector=metadata.name%3Dproto&resourceVersion=" + before))
        .header("Accept", PROTOBUF).GET().build();
    HttpResponse<InputStream> stream = HTTP.send(watch, HttpResponse.BodyHandlers.ofInputStream());
    assertThat(stream.statusCode()).isEqualTo(200);
    assertThat(stream.headers().firstValue("Content-Type")).hasValue(PROTOBUF + ";stream=watch");
    try (DataInputStream in = new DataInputStream(stream.body())) {
      byte[] frame = new byte[in.readInt()];
      in.readFully(frame);
      String[] type = {""};
      byte[][] object = {null};
      KubeProtobuf.message(ByteString.copyFrom(frame), (n, fin) -> {
        if (n == 1) {
          type[0] = fin.readStringRequireUtf8();
          return true;
        }
        if (n == 2) {
          KubeProtobuf.message(fin.readBytes(), (rn, rin) -> {
            object[0] = rin.readBytes().toByteArray();
            return rn == 1;
          });
          return true;
        }
        return false;
      });
      assertThat(type[0]).isEqualTo("ADDED");
      FlunderV1beta1 w = decode(object[0], "wardle.example.com/v1beta1", "Flunder");
      assertThat(w.metadata.name).isEqualTo("proto");
      assertThat(w.metadata.uid).isEqualTo(c.metadata.uid);
    }
  }

  @Test
  @DisplayName("an update sent in protobuf replaces the Flunder; the v1alpha1 view reads it in protobuf too")
  void updateInProtobuf() throws Exception {
    HttpResponse<byte[]> created = send("POST", FLUNDERS, flunder("upd", "a"), "Content-Type", PROTOBUF, "Accept", PROTOBUF);
    assertThat(created.statusCode()).isEqualTo(201);
    FlunderV1beta1 f = decode(created.body(), "wardle.example.com/v1beta1", "Flunder");
    f.spec.flunderReference = "b";
    f.apiVersion = "wardle.example.com/v1beta1";
    f.kind = "Flunder";
    HttpResponse<byte[]> updated = send("PUT", FLUNDERS + "/upd", CODECS.protobuf(FlunderV1beta1.class).envelope(f),
        "Content-Type", PROTOBUF, "Accept", PROTOBUF);
    assertThat(updated.statusCode()).as(new String(updated.body())).isEqualTo(200);
    assertThat(decode(updated.body(), "wardle.example.com/v1beta1", "Flunder").spec.flunderReference).isEqualTo("b");

    HttpResponse<byte[]> alpha = send("GET", "/apis/wardle.example.com/v1alpha1/namespaces/default/flunders/upd", null,
        "Accept", PROTOBUF);
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(alpha.body());
    assertThat(e.apiVersion()).isEqualTo("wardle.example.com/v1alpha1");
    KubeObject a = CODECS.protobuf(dev.customapiserver.apis.wardle.FlunderV1alpha1.class).decode(e.raw());
    assertThat(JSON.valueToTree(a).at("/spec/reference").asText()).isEqualTo("b");
  }

  @Test
  @DisplayName("a refusal asked for in protobuf is a meta/v1 Status in protobuf")
  void statusInProtobuf() throws Exception {
    HttpResponse<byte[]> missing = send("GET", FLUNDERS + "/nobody", null, "Accept", PROTOBUF);
    assertThat(missing.statusCode()).isEqualTo(404);
    assertThat(missing.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(missing.body());
    assertThat(e.apiVersion()).isEqualTo("v1");
    assertThat(e.kind()).isEqualTo("Status");
    List<String> strings = new ArrayList<>();
    long[] code = {0};
    KubeProtobuf.message(e.raw(), (n, in) -> {
      if (n >= 2 && n <= 4) {
        strings.add(in.readStringRequireUtf8());
        return true;
      }
      if (n == 6) {
        code[0] = in.readInt32();
        return true;
      }
      return false;
    });
    assertThat(strings).containsExactly("Failure", "flunders.wardle.example.com \"nobody\" not found", "NotFound");
    assertThat(code[0]).isEqualTo(404);
  }

  @Test
  @DisplayName("kinds not served in protobuf (ConfigMaps) still refuse a protobuf-only Accept with 406")
  void othersStayJson() throws Exception {
    HttpResponse<byte[]> r = send("GET", "/api/v1/namespaces/default/configmaps", null, "Accept", PROTOBUF);
    assertThat(r.statusCode()).isEqualTo(406);
    HttpResponse<byte[]> both = send("GET", "/api/v1/namespaces/default/configmaps", null, "Accept", PROTOBUF + ", application/json");
    assertThat(both.statusCode()).isEqualTo(200);
    assertThat(both.headers().firstValue("Content-Type")).hasValue("application/json");
  }

  @Test
  @DisplayName("the OpenAPI of a seed kind lists the protobuf media types, as kube's built-in kinds do")
  void openApiListsProtobuf() throws Exception {
    JsonNode doc = JSON.readTree(server.send("GET", "/openapi/v3/apis/wardle.example.com/v1beta1", null).body());
    JsonNode list = doc.at("/paths/~1apis~1wardle.example.com~1v1beta1~1namespaces~1{namespace}~1flunders/get/responses/200/content");
    assertThat(list.has(PROTOBUF)).as(list.toString()).isTrue();
    assertThat(list.has(PROTOBUF + ";stream=watch")).isTrue();
    JsonNode get = doc.at("/paths/~1apis~1wardle.example.com~1v1beta1~1namespaces~1{namespace}~1flunders~1{name}/get/responses/200/content");
    assertThat(get.has(PROTOBUF)).as(get.toString()).isTrue();

    JsonNode v2 = JSON.readTree(server.send("GET", "/openapi/v2", null, "Accept", "application/json").body());
    JsonNode produces = v2.at("/paths/~1apis~1wardle.example.com~1v1beta1~1namespaces~1{namespace}~1flunders/get/produces");
    assertThat(produces.toString()).as(produces.toString())
        .contains("\"" + PROTOBUF + "\"").contains("\"" + PROTOBUF + ";stream=watch\"");
    JsonNode namespaces = v2.at("/paths/~1api~1v1~1namespaces~1{namespace}~1configmaps/get/produces");
    assertThat(namespaces.isArray()).as(namespaces.toString()).isTrue();
    assertThat(namespaces.toString()).as("kinds not served in protobuf do not list it").doesNotContain(PROTOBUF);
  }

  private static byte[] flunder(String name, String reference) {
    ByteString meta = MetaProtobuf.objectMeta(meta(name));
    ByteString raw = new ProtoMessage()
        .bytes(1, meta)
        .message(2, new ProtoMessage().string(1, reference).string(2, "").string(3, "Flunder"))
        .message(3, new ProtoMessage())
        .toByteString();
    return MetaProtobuf.envelope("wardle.example.com/v1beta1", "Flunder", raw);
  }

  private static dev.customapiserver.api.meta.ObjectMeta meta(String name) {
    dev.customapiserver.api.meta.ObjectMeta m = new dev.customapiserver.api.meta.ObjectMeta();
    m.name = name;
    return m;
  }

  private static FlunderV1beta1 decode(byte[] body, String apiVersion, String kind) {
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(body);
    assertThat(e.apiVersion()).isEqualTo(apiVersion);
    assertThat(e.kind()).isEqualTo(kind);
    return (FlunderV1beta1) CODECS.protobuf(FlunderV1beta1.class).decode(e.raw());
  }

  private static HttpResponse<byte[]> send(String method, String path, byte[] body, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.base() + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
  }
}
