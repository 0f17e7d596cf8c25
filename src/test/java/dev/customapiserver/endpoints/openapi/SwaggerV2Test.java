package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.DOCUMENTS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenAPI v2 (/openapi/v2), derived from the v3 documents")
class SwaggerV2Test {
  private final JsonNode v2 = Docs.parse(DOCUMENTS.swaggerJson().json());

  @Test
  @DisplayName("is one Swagger 2.0 document with every group's paths and definitions")
  void wholeApi() {
    assertThat(v2.get("swagger").asText()).isEqualTo("2.0");
    assertThat(v2.get("paths").has("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}")).isTrue();
    assertThat(v2.get("paths").has("/api/v1/namespaces")).isTrue();
    assertThat(v2.get("definitions").has("dev.zeng.hello.v2.Foo")).isTrue();
    assertThat(v2.get("definitions").get("dev.zeng.hello.v2.Foo").get("x-kubernetes-group-version-kind").get(0)
        .get("kind").asText()).isEqualTo("Foo");
  }

  @Test
  @DisplayName("every $ref points into #/definitions or #/parameters and resolves")
  void refsResolve() {
    List<String> refs = new ArrayList<>();
    collectRefs(v2, refs);
    assertThat(refs).isNotEmpty().allSatisfy(r -> {
      String section = r.startsWith("#/parameters/") ? "parameters" : "definitions";
      assertThat(r).startsWith("#/" + section + "/");
      assertThat(v2.get(section).has(r.substring(("#/" + section + "/").length()))).as(r).isTrue();
    });
  }

  @Test
  @DisplayName("request bodies become body parameters; media types become consumes and produces")
  void operations() {
    JsonNode item = v2.get("paths").get("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}");
    JsonNode patch = item.get("patch");
    assertThat(patch.get("consumes")).extracting(JsonNode::asText).containsAll(OpenApiDocuments.PATCH_CONTENT_TYPES);
    assertThat(resolved(patch.get("parameters"))).anySatisfy(p -> {
      assertThat(p.get("in").asText()).isEqualTo("body");
      assertThat(p.get("required").asBoolean()).isTrue();
    });
    assertThat(item.get("get").get("produces")).extracting(JsonNode::asText).contains("application/json");
    assertThat(resolved(item.get("get").get("parameters"))).anySatisfy(p -> {
      assertThat(p.get("name").asText()).isEqualTo("name");
      assertThat(p.get("type").asText()).isEqualTo("string");
      assertThat(p.has("schema")).isFalse();
    });
    assertThat(item.get("get").get("responses").get("200").get("schema").get("$ref").asText())
        .isEqualTo("#/definitions/dev.zeng.hello.v2.Foo");
  }

  @Test
  @DisplayName("the protobuf form is gnostic's Document: swagger, info, paths and named definitions")
  void protobuf() throws Exception {
    UnknownFieldSet doc = UnknownFieldSet.parseFrom(DOCUMENTS.swaggerProtobuf().json());
    assertThat(doc.getField(1).getLengthDelimitedList()).containsExactly(ByteString.copyFromUtf8("2.0"));
    UnknownFieldSet definitions = UnknownFieldSet.parseFrom(doc.getField(9).getLengthDelimitedList().get(0));
    List<String> names = new ArrayList<>();
    for (ByteString named : definitions.getField(1).getLengthDelimitedList()) {
      names.add(UnknownFieldSet.parseFrom(named).getField(1).getLengthDelimitedList().get(0).toStringUtf8());
    }
    assertThat(names).hasSize(v2.get("definitions").size()).contains("dev.zeng.hello.v2.Foo",
        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    UnknownFieldSet paths = UnknownFieldSet.parseFrom(doc.getField(8).getLengthDelimitedList().get(0));
    assertThat(paths.getField(2).getLengthDelimitedList()).hasSize(v2.get("paths").size());
  }

  @Test
  @DisplayName("enums and defaults carry over to v2, in JSON and as gnostic Any values in the protobuf form")
  void enumsAndDefaults() throws Exception {
    JsonNode spec = v2.get("definitions").get("dev.zeng.hello.v2.FooSpec");
    assertThat(spec.at("/properties/image/default").asText()).isEqualTo("nginx:latest");
    JsonNode status = v2.get("definitions").get("dev.zeng.hello.v2.FooStatus");
    assertThat(status.at("/properties/phase/enum")).extracting(JsonNode::asText).containsExactly("Pending", "Running");
    assertThat(v2.get("definitions").get("io.k8s.api.core.v1.NamespaceSpec").at("/properties/finalizers/default/0").asText())
        .isEqualTo("kubernetes");

    UnknownFieldSet doc = UnknownFieldSet.parseFrom(DOCUMENTS.swaggerProtobuf().json());
    UnknownFieldSet image = property(definition(doc, "dev.zeng.hello.v2.FooSpec"), "image");
    assertThat(anyYaml(image.getField(5).getLengthDelimitedList().get(0))).isEqualTo("nginx:latest\n");
    UnknownFieldSet phase = property(definition(doc, "dev.zeng.hello.v2.FooStatus"), "phase");
    assertThat(phase.getField(20).getLengthDelimitedList()).extracting(SwaggerV2Test::anyYaml)
        .containsExactly("Pending\n", "Running\n");
  }

  @Test
  @DisplayName("parameters are shared as kube-openapi shares them: #/parameters/<name>-<hash of their JSON>, but for "
      + "name, dryRun, fieldValidation (kubectl looks for them on the operation) and a body of the kind itself")
  void sharedParameters() {
    JsonNode item = v2.get("paths").get("/apis/hello.zeng.dev/v2/namespaces/{namespace}/foos/{name}");
    JsonNode shared = v2.get("parameters");
    // names as kube-apiserver 1.36 serves them for these parameters
    assertThat(shared.get("pretty-tJGM1-ng").get("name").asText()).isEqualTo("pretty");
    assertThat(shared.get("namespace-vgWSWtn3").get("in").asText()).isEqualTo("path");
    assertThat(shared.get("body-78PwaGsr").at("/schema/$ref").asText())
        .isEqualTo("#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch");
    assertThat(item.get("patch").get("parameters")).extracting(p -> p.has("$ref") ? p.get("$ref").asText()
        : p.get("name").asText()).contains("#/parameters/body-78PwaGsr", "dryRun", "fieldValidation");
    assertThat(item.get("put").get("parameters")).anySatisfy(p -> assertThat(p.at("/schema/$ref").asText())
        .isEqualTo("#/definitions/dev.zeng.hello.v2.Foo"));
  }

  private List<JsonNode> resolved(JsonNode params) {
    List<JsonNode> out = new ArrayList<>();
    params.forEach(p -> out.add(p.has("$ref") ? v2.get("parameters").get(p.get("$ref").asText()
        .substring("#/parameters/".length())) : p));
    return out;
  }

  /** The schema of a named definition in gnostic's Document (Definitions = 9, NamedSchema = 1). */
  private static UnknownFieldSet definition(UnknownFieldSet doc, String name) throws Exception {
    return named(UnknownFieldSet.parseFrom(doc.getField(9).getLengthDelimitedList().get(0)), name);
  }

  /** The schema of a property (Schema.properties = 25, Properties.additional_properties = 1). */
  private static UnknownFieldSet property(UnknownFieldSet schema, String name) throws Exception {
    return named(UnknownFieldSet.parseFrom(schema.getField(25).getLengthDelimitedList().get(0)), name);
  }

  private static UnknownFieldSet named(UnknownFieldSet map, String name) throws Exception {
    for (ByteString entry : map.getField(1).getLengthDelimitedList()) {
      UnknownFieldSet e = UnknownFieldSet.parseFrom(entry);
      if (e.getField(1).getLengthDelimitedList().get(0).toStringUtf8().equals(name)) {
        return UnknownFieldSet.parseFrom(e.getField(2).getLengthDelimitedList().get(0));
      }
    }
    throw new AssertionError("no " + name);
  }

  /** Any.yaml (field 2). */
  private static String anyYaml(ByteString any) {
    try {
      return UnknownFieldSet.parseFrom(any).getField(2).getLengthDelimitedList().get(0).toStringUtf8();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  private static void collectRefs(JsonNode node, List<String> into) {
    if (node.isObject()) {
      node.fields().forEachRemaining(e -> {
        if (e.getKey().equals("$ref")) {
          into.add(e.getValue().asText());
        } else {
          collectRefs(e.getValue(), into);
        }
      });
    } else if (node.isArray()) {
      node.forEach(n -> collectRefs(n, into));
    }
  }
}
