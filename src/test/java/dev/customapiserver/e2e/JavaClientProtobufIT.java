package dev.customapiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.kubernetes.client.ProtoClient;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.proto.Meta;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.Reader;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The seed kinds in Kubernetes protobuf with a real client, against {@code java -jar}: the official
 * Java client's {@link ProtoClient} (which asks for and sends {@code application/vnd.kubernetes.protobuf})
 * with message descriptors written from the seeds' Go types as go-to-protobuf would write their
 * {@code generated.proto} (ObjectMeta and ListMeta are the client's own), and kubectl on the other side.
 */
@DisplayName("the official Java client reads and writes the seed kinds in protobuf")
class JavaClientProtobufIT extends KubectlServerTest {
  private static final String FLUNDERS = "/apis/wardle.example.com/v1beta1/namespaces/default/flunders";
  private static final String META = "." + Meta.ObjectMeta.getDescriptor().getFullName();
  private static final String LIST_META = "." + Meta.ListMeta.getDescriptor().getFullName();
  private static ProtoClient client;
  private static FileDescriptor seeds;

  @BeforeAll
  static void client() throws Exception {
    ApiClient api;
    try (Reader r = Files.newBufferedReader(server.kubeconfig())) {
      api = ClientBuilder.kubeconfig(KubeConfig.loadKubeConfig(r)).build();
    }
    client = new ProtoClient(api);
    // what go-to-protobuf writes for sample-apiserver's wardle v1beta1, pizza-apiserver's restaurant v1beta1
    // and x-kubernetes' hello.zeng.dev v2: fields numbered in Go struct order, TypeMeta left out
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("seeds/generated.proto").setPackage("seeds").setSyntax("proto2")
        .addDependency(Meta.getDescriptor().getName())
        .addMessageType(message("Flunder", message(1, "metadata", META), message(2, "spec", ".seeds.FlunderSpec"),
            message(3, "status", ".seeds.FlunderStatus")))
        .addMessageType(message("FlunderSpec", string(1, "flunderReference"), string(2, "fischerReference"),
            string(3, "referenceType")))
        .addMessageType(message("FlunderStatus"))
        .addMessageType(message("FlunderList", message(1, "metadata", LIST_META),
            message(2, "items", ".seeds.Flunder").toBuilder().setLabel(Label.LABEL_REPEATED).build()))
        .addMessageType(message("Pizza", message(1, "metadata", META), message(2, "spec", ".seeds.PizzaSpec"),
            message(3, "status", ".seeds.PizzaStatus")))
        .addMessageType(message("PizzaSpec",
            message(1, "toppings", ".seeds.PizzaTopping").toBuilder().setLabel(Label.LABEL_REPEATED).build()))
        .addMessageType(message("PizzaTopping", string(1, "name"), field(2, "quantity", Type.TYPE_INT64)))
        .addMessageType(message("PizzaStatus", field(1, "cost", Type.TYPE_DOUBLE)))
        .addMessageType(message("Foo", message(1, "metadata", META), message(2, "spec", ".seeds.FooSpec")))
        .addMessageType(message("FooSpec", string(1, "image"), message(2, "config", ".seeds.FooConfig")))
        .addMessageType(message("FooConfig", string(1, "msg"), string(2, "msg1")))
        .build();
    seeds = FileDescriptor.buildFrom(file, new FileDescriptor[] {Meta.getDescriptor()});
  }

  @Test
  @DisplayName("a Flunder kubectl created is read in protobuf; one the Java client creates in protobuf is what kubectl shows")
  void flunders() throws Exception {
    ok(kubectl.runWithInput("apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata: {name: by-kubectl}\n"
        + "spec: {referenceType: Flunder, flunderReference: other}\n", "apply", "-f", "-"));

    ProtoClient.ObjectOrStatus<Message> got = client.get(DynamicMessage.newBuilder(type("Flunder")), FLUNDERS + "/by-kubectl");
    assertThat(got.status).as(String.valueOf(got.status)).isNull();
    Meta.ObjectMeta meta = Meta.ObjectMeta.parseFrom(((Message) get(got.object, "metadata")).toByteString());
    assertThat(meta.getName()).isEqualTo("by-kubectl");
    assertThat(meta.getNamespace()).isEqualTo("default");
    assertThat(meta.getUid()).isNotEmpty();
    assertThat(meta.getCreationTimestamp().getSeconds()).isPositive();
    assertThat(meta.getManagedFieldsList()).extracting(Meta.ManagedFieldsEntry::getManager).contains("kubectl-client-side-apply");
    Message spec = (Message) get(got.object, "spec");
    assertThat(get(spec, "flunderReference")).isEqualTo("other");
    assertThat(get(spec, "referenceType")).isEqualTo("Flunder");

    DynamicMessage flunder = DynamicMessage.newBuilder(type("Flunder"))
        .setField(field("Flunder", "metadata"), Meta.ObjectMeta.newBuilder().setName("by-java")
            .putLabels("made-by", "protobuf").build())
        .setField(field("Flunder", "spec"), DynamicMessage.newBuilder(type("FlunderSpec"))
            .setField(field("FlunderSpec", "fischerReference"), "fritz")
            .setField(field("FlunderSpec", "referenceType"), "Fischer").build())
        .build();
    ProtoClient.ObjectOrStatus<DynamicMessage> created = client.create(flunder, FLUNDERS, "wardle.example.com/v1beta1", "Flunder");
    assertThat(created.status).as(String.valueOf(created.status)).isNull();
    assertThat(Meta.ObjectMeta.parseFrom(((Message) get(created.object, "metadata")).toByteString()).getUid()).isNotEmpty();
    assertThat(ok(kubectl.run("get", "flunder", "by-java", "-o",
        "jsonpath={.spec.fischerReference}/{.spec.referenceType}/{.metadata.labels.made-by}")).out())
        .isEqualTo("fritz/Fischer/protobuf");

    ProtoClient.ObjectOrStatus<Message> list = client.list(DynamicMessage.newBuilder(type("FlunderList")), FLUNDERS);
    assertThat(list.status).isNull();
    @SuppressWarnings("unchecked")
    List<Message> items = (List<Message>) get(list.object, "items");
    assertThat(items).extracting(i -> {
      try {
        return Meta.ObjectMeta.parseFrom(((Message) get(i, "metadata")).toByteString()).getName();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }).contains("by-kubectl", "by-java");
    assertThat(Meta.ListMeta.parseFrom(((Message) get(list.object, "metadata")).toByteString()).getResourceVersion()).isNotEmpty();

    ProtoClient.ObjectOrStatus<Message> missing = client.get(DynamicMessage.newBuilder(type("Flunder")), FLUNDERS + "/nobody");
    assertThat(missing.status).isNotNull();
    assertThat(missing.status.getCode()).isEqualTo(404);
    assertThat(missing.status.getReason()).isEqualTo("NotFound");
    assertThat(missing.status.getMessage()).isEqualTo("flunders.wardle.example.com \"nobody\" not found");
  }

  @Test
  @DisplayName("a Pizza's toppings (repeated messages, int64 quantity) and cost (double), a Foo's nested config")
  void pizzaAndFoo() throws Exception {
    ok(kubectl.runWithInput("apiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata: {name: salami}\nspec: {cost: 1.5}\n"
        + "---\napiVersion: restaurant.wukong.com/v1beta1\nkind: Topping\nmetadata: {name: cheese}\nspec: {cost: 0.25}\n"
        + "---\napiVersion: restaurant.wukong.com/v1beta1\nkind: Pizza\nmetadata: {name: margherita}\n"
        + "spec: {toppings: [{name: salami, quantity: 2}, {name: cheese}]}\n"
        + "---\napiVersion: hello.zeng.dev/v2\nkind: Foo\nmetadata: {name: hello}\nspec: {config: {msg: hi, msg1: there}}\n",
        "apply", "-f", "-"));

    ProtoClient.ObjectOrStatus<Message> pizza = client.get(DynamicMessage.newBuilder(type("Pizza")),
        "/apis/restaurant.wukong.com/v1beta1/namespaces/default/pizzas/margherita");
    assertThat(pizza.status).as(String.valueOf(pizza.status)).isNull();
    @SuppressWarnings("unchecked")
    List<Message> toppings = (List<Message>) get((Message) get(pizza.object, "spec"), "toppings");
    assertThat(toppings).extracting(t -> get(t, "name") + "x" + get(t, "quantity")).containsExactly("salamix2", "cheesex1");
    assertThat(get((Message) get(pizza.object, "status"), "cost")).isEqualTo(3.25);

    ProtoClient.ObjectOrStatus<Message> foo = client.get(DynamicMessage.newBuilder(type("Foo")),
        "/apis/hello.zeng.dev/v2/namespaces/default/foos/hello");
    assertThat(foo.status).isNull();
    Message spec = (Message) get(foo.object, "spec");
    assertThat(get(spec, "image")).isEqualTo("nginx:latest");
    assertThat(get((Message) get(spec, "config"), "msg")).isEqualTo("hi");
    assertThat(get((Message) get(spec, "config"), "msg1")).isEqualTo("there");
  }

  @Test
  @DisplayName("kubectl's typed client creates a Namespace in protobuf and reads the protobuf answer with Go's generated code")
  void kubectlNamespaceInProtobuf() throws Exception {
    Kubectl.Result r = ok(kubectl.run("create", "namespace", "proto-ns", "--v=8"));
    assertThat(r.out()).contains("namespace/proto-ns created");
    assertThat(r.err()).contains("Accept: application/vnd.kubernetes.protobuf,application/json")
        .contains("Response Status: 201 Created");
    String response = r.err().substring(r.err().indexOf("Response Status: 201 Created"));
    assertThat(response).as("answered in protobuf: kubectl read the k8s\\0 envelope")
        .contains("Content-Type: application/vnd.kubernetes.protobuf").contains("6b 38 73 00");
    assertThat(ok(kubectl.run("get", "namespace", "proto-ns", "-o", "jsonpath={.status.phase}/{.spec.finalizers[0]}")).out())
        .isEqualTo("Active/kubernetes");
  }

  private static Descriptor type(String name) {
    return seeds.findMessageTypeByName(name);
  }

  private static com.google.protobuf.Descriptors.FieldDescriptor field(String type, String name) {
    return type(type).findFieldByName(name);
  }

  private static Object get(Message m, String name) {
    return m.getField(m.getDescriptorForType().findFieldByName(name));
  }

  private static DescriptorProto message(String name, FieldDescriptorProto... fields) {
    return DescriptorProto.newBuilder().setName(name).addAllField(List.of(fields)).build();
  }

  private static FieldDescriptorProto message(int number, String name, String type) {
    return FieldDescriptorProto.newBuilder().setNumber(number).setName(name).setLabel(Label.LABEL_OPTIONAL)
        .setType(Type.TYPE_MESSAGE).setTypeName(type).build();
  }

  private static FieldDescriptorProto string(int number, String name) {
    return field(number, name, Type.TYPE_STRING);
  }

  private static FieldDescriptorProto field(int number, String name, Type type) {
    return FieldDescriptorProto.newBuilder().setNumber(number).setName(name).setLabel(Label.LABEL_OPTIONAL).setType(type).build();
  }
}
