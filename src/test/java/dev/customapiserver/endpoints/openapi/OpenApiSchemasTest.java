package dev.customapiserver.endpoints.openapi;

import static dev.customapiserver.endpoints.openapi.Docs.doc;
import static dev.customapiserver.endpoints.openapi.Docs.field;
import static dev.customapiserver.endpoints.openapi.Docs.kindSchema;
import static dev.customapiserver.endpoints.openapi.Docs.schema;
import static dev.customapiserver.endpoints.openapi.OpenApiDocumentsTest.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OpenAPI v3 documents: component schemas")
class OpenApiSchemasTest {
  private final JsonNode v2 = doc("apis/hello.zeng.dev/v2");
  private final JsonNode foo = kindSchema(v2, "hello.zeng.dev", "v2", "Foo");

  @Test
  @DisplayName("each kind and list kind is one schema named by reverse-DNS group, version and kind, with the GVK array")
  void kindSchemas() {
    assertThat(schema(v2, "dev.zeng.hello.v2.Foo")).isSameAs(foo);
    assertThat(foo.get("type").asText()).isEqualTo("object");
    assertThat(kindSchema(v2, "hello.zeng.dev", "v2", "FooList")).isSameAs(schema(v2, "dev.zeng.hello.v2.FooList"));
    JsonNode core = doc("api/v1");
    assertThat(kindSchema(core, "", "v1", "Namespace")).isSameAs(schema(core, "io.k8s.api.core.v1.Namespace"));
    assertThat(kindSchema(v2, "", "v1", "Status")).isNotNull();
  }

  @Test
  @DisplayName("apiVersion, kind and metadata are described; metadata is ObjectMeta with its fields")
  void typeMetaAndObjectMeta() {
    assertThat(fieldNames(foo.get("properties"))).startsWith("apiVersion", "kind", "metadata");
    assertThat(foo.at("/properties/apiVersion/description").asText()).startsWith("APIVersion defines");
    assertThat(foo.at("/properties/kind/description").asText()).startsWith("Kind is");
    JsonNode meta = Docs.deref(v2, foo.at("/properties/metadata"));
    assertThat(meta).isSameAs(schema(v2, "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"));
    assertThat(fieldNames(meta.get("properties"))).contains("name", "namespace", "uid", "resourceVersion", "labels",
        "annotations", "ownerReferences", "finalizers", "managedFields", "creationTimestamp");
    assertThat(Docs.deref(v2, field(v2, foo, "metadata.creationTimestamp")).get("format").asText()).isEqualTo("date-time");
    assertThat(field(v2, foo, "metadata.labels.additionalProperties").isMissingNode()).isTrue();
    assertThat(field(v2, foo, "metadata.labels").at("/additionalProperties/type").asText()).isEqualTo("string");
    // kube's FieldsV1: an object of any fields
    assertThat(Docs.deref(v2, field(v2, foo, "metadata.managedFields.fieldsV1")).has("properties")).isFalse();
  }

  @Test
  @DisplayName("Bean Validation: @NotBlank makes the field required in its parent; @Size(max) a maxLength")
  void beanValidation() {
    JsonNode msg = field(v2, foo, "spec.config.msg");
    assertThat(msg.get("type").asText()).isEqualTo("string");
    assertThat(msg.get("maxLength").asInt()).isEqualTo(256);
    assertThat(msg.get("minLength").asInt()).isEqualTo(1);
    assertThat(schema(v2, "dev.zeng.hello.v2.FooConfig").get("required")).extracting(JsonNode::asText).containsExactly("msg");
    assertThat(schema(v2, "dev.zeng.hello.v2.FooSpec").get("required")).extracting(JsonNode::asText).containsExactly("config");
    assertThat(foo.get("required")).extracting(JsonNode::asText).containsExactly("spec");
    JsonNode v1 = doc("apis/hello.zeng.dev/v1");
    JsonNode v1msg = field(v1, kindSchema(v1, "hello.zeng.dev", "v1", "Foo"), "spec.msg");
    assertThat(v1msg.get("maxLength").asInt()).isEqualTo(256);
  }

  @Test
  @DisplayName("Bean Validation: numeric limits, exclusive minimum for @Positive, patterns on list elements, @Size on lists")
  void numericAndElementConstraints() {
    JsonNode cicd = doc("apis/autobusi.group.cicd/v1alpha");
    JsonNode js = kindSchema(cicd, "autobusi.group.cicd", "v1alpha", "JenkinsService");
    JsonNode amount = field(cicd, js, "spec.instanceamount");
    assertThat(amount.get("type").asText()).isEqualTo("integer");
    assertThat(amount.get("format").asText()).isEqualTo("int32");
    assertThat(amount.get("minimum").asInt()).isEqualTo(1);
    assertThat(amount.get("maximum").asInt()).isEqualTo(10);
    assertThat(field(cicd, js, "spec.instancecpu").get("maximum").asInt()).isEqualTo(64);

    JsonNode pizza = doc("apis/restaurant.wukong.com/v1beta1");
    JsonNode cost = field(pizza, kindSchema(pizza, "restaurant.wukong.com", "v1beta1", "Topping"), "spec.cost");
    assertThat(cost.get("type").asText()).isEqualTo("number");
    assertThat(cost.get("minimum").asInt()).isZero();
    assertThat(cost.get("exclusiveMinimum").asBoolean()).isTrue();

    JsonNode wardle = doc("apis/wardle.example.com/v1alpha1");
    JsonNode flunders = field(wardle, kindSchema(wardle, "wardle.example.com", "v1alpha1", "Fischer"), "disallowedFlunders");
    assertThat(flunders.get("type").asText()).isEqualTo("array");
    assertThat(flunders.get("maxItems").asInt()).isEqualTo(16);
    assertThat(flunders.at("/items/pattern").asText()).isEqualTo("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  }

  @Test
  @DisplayName("@Description becomes the description of the type's schema and of the field's property")
  void descriptions() {
    assertThat(foo.get("description").asText()).isEqualTo("Foo runs an image that says a message.");
    assertThat(foo.at("/properties/spec/description").asText()).isEqualTo("What the Foo should be.");
    assertThat(field(v2, foo, "spec.image").get("description").asText()).startsWith("Container image");
    assertThat(Docs.deref(v2, field(v2, foo, "spec.config")).get("description").asText())
        .isEqualTo("The message configuration.");
  }

  @Test
  @DisplayName("Java types map to OpenAPI types: Instant date-time, enums, maps, JsonNode, Long int64, lists of objects")
  void typeMapping() {
    JsonNode when = field(v2, foo, "status.conditions.lastTransitionTime");
    assertThat(when.get("type").asText()).isEqualTo("string");
    assertThat(when.get("format").asText()).isEqualTo("date-time");
    assertThat(when.get("description").asText()).isEqualTo("When the condition last changed.");
    assertThat(field(v2, foo, "status.conditions").get("type").asText()).isEqualTo("array");
    assertThat(field(v2, foo, "spec.limits").at("/additionalProperties/format").asText()).isEqualTo("int32");
    assertThat(field(v2, foo, "spec.extra").get("x-kubernetes-preserve-unknown-fields").asBoolean()).isTrue();

    JsonNode core = doc("api/v1");
    JsonNode ns = kindSchema(core, "", "v1", "Namespace");
    assertThat(field(core, ns, "status.phase").get("enum")).extracting(JsonNode::asText)
        .containsExactly("Active", "Terminating");
    assertThat(field(core, ns, "spec.finalizers").at("/items/type").asText()).isEqualTo("string");
    JsonNode pizza = doc("apis/restaurant.wukong.com/v1beta1");
    assertThat(field(pizza, kindSchema(pizza, "restaurant.wukong.com", "v1beta1", "Topping"), "spec.version")
        .get("format").asText()).isEqualTo("int64");
  }

  @Test
  @DisplayName("@Enum becomes the property's enum (its items' for a list), @Default its default, typed by the field")
  void enumsAndDefaults() {
    assertThat(field(v2, foo, "spec.image").get("default").asText()).isEqualTo("nginx:latest");
    assertThat(field(v2, foo, "spec.image").get("description").asText()).startsWith("Container image");
    assertThat(field(v2, foo, "status.phase").get("enum")).extracting(JsonNode::asText).containsExactly("Pending", "Running");
    JsonNode signals = field(v2, foo, "status.signals");
    assertThat(signals.has("enum")).isFalse();
    assertThat(signals.at("/items/enum")).extracting(JsonNode::asText).containsExactly("Ready", "Degraded");
    assertThat(field(v2, foo, "spec.config.msg").has("default")).isFalse();

    JsonNode core = doc("api/v1");
    JsonNode finalizers = field(core, kindSchema(core, "", "v1", "Namespace"), "spec.finalizers").get("default");
    assertThat(finalizers.isArray()).isTrue();
    assertThat(finalizers).extracting(JsonNode::asText).containsExactly("kubernetes");
    JsonNode cicd = doc("apis/autobusi.group.cicd/v1alpha");
    JsonNode cpu = field(cicd, kindSchema(cicd, "autobusi.group.cicd", "v1alpha", "JenkinsService"), "spec.instancecpu");
    assertThat(cpu.get("default").isIntegralNumber()).isTrue();
    assertThat(cpu.get("default").asInt()).isEqualTo(1);
    JsonNode pizza = doc("apis/restaurant.wukong.com/v1beta1");
    JsonNode version = field(pizza, kindSchema(pizza, "restaurant.wukong.com", "v1beta1", "Topping"), "spec.version");
    assertThat(version.get("default").asLong()).isZero();
  }

  @Test
  @DisplayName("Jackson names: @JsonProperty renames, @JsonIgnore and static fields are left out, records use their components")
  void jacksonNames() {
    JsonNode cicd = doc("apis/autobusi.group.cicd/v1alpha");
    JsonNode spec = schema(cicd, "cicd.group.autobusi.v1alpha.JenkinsServiceSpec");
    assertThat(fieldNames(spec.get("properties"))).containsExactly("instanceamount", "instancecpu");
    assertThat(spec.get("required")).extracting(JsonNode::asText).containsExactly("instanceamount");
    // the meta/v1 schemas are kube's own, as kube publishes them
    assertThat(fieldNames(schema(v2, "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta").get("properties")))
        .containsExactly("continue", "remainingItemCount", "resourceVersion", "selfLink", "shardInfo");
    assertThat(fieldNames(schema(v2, "io.k8s.apimachinery.pkg.apis.meta.v1.StatusCause").get("properties")))
        .containsExactly("field", "message", "reason");
  }

  @Test
  @DisplayName("the list kind holds items of the kind and ListMeta metadata; Status, DeleteOptions and Patch are present")
  void listAndMetaSchemas() {
    JsonNode list = schema(v2, "dev.zeng.hello.v2.FooList");
    assertThat(Docs.deref(v2, list.at("/properties/items/items"))).isSameAs(foo);
    assertThat(Docs.deref(v2, list.at("/properties/metadata")))
        .isSameAs(schema(v2, "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"));
    assertThat(list.get("required")).extracting(JsonNode::asText).containsExactly("items");
    assertThat(fieldNames(v2.at("/components/schemas"))).contains("io.k8s.apimachinery.pkg.apis.meta.v1.Status",
        "io.k8s.apimachinery.pkg.apis.meta.v1.StatusDetails", "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions",
        "io.k8s.apimachinery.pkg.apis.meta.v1.Preconditions", "io.k8s.apimachinery.pkg.apis.meta.v1.Patch");
  }

  @Test
  @DisplayName("nested classes are named after the kind (FooSpec, FooStatus); the same class in two versions is in each document")
  void nestedNames() {
    assertThat(fieldNames(v2.at("/components/schemas"))).contains("dev.zeng.hello.v2.FooSpec",
        "dev.zeng.hello.v2.FooStatus", "dev.zeng.hello.v2.FooConfig", "dev.zeng.hello.v2.Condition");
    assertThat(fieldNames(doc("apis/hello.zeng.dev/v1").at("/components/schemas"))).contains("dev.zeng.hello.v1.FooSpec")
        .noneMatch(n -> n.startsWith("dev.zeng.hello.v2"));
  }

  @Test
  @DisplayName("merge metadata: patch strategy, merge key, list type and map keys sit on the list properties that declare them")
  void mergeMetadata() {
    JsonNode conditions = field(v2, foo, "status.conditions");
    assertThat(conditions.get("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
    assertThat(conditions.get("x-kubernetes-patch-merge-key").asText()).isEqualTo("type");
    assertThat(conditions.get("x-kubernetes-list-type").asText()).isEqualTo("map");
    assertThat(conditions.get("x-kubernetes-list-map-keys")).extracting(JsonNode::asText).containsExactly("type");
    JsonNode owners = field(v2, foo, "metadata.ownerReferences");
    assertThat(owners.get("x-kubernetes-patch-merge-key").asText()).isEqualTo("uid");
    assertThat(owners.get("x-kubernetes-list-map-keys")).extracting(JsonNode::asText).containsExactly("uid");
    JsonNode finalizers = field(v2, foo, "metadata.finalizers");
    assertThat(finalizers.get("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
    assertThat(finalizers.get("x-kubernetes-list-type").asText()).isEqualTo("set");
    assertThat(finalizers.has("x-kubernetes-patch-merge-key")).isFalse();
    assertThat(field(v2, foo, "metadata.managedFields").get("x-kubernetes-list-type").asText()).isEqualTo("atomic");
  }
}
