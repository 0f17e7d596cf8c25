package dev.customapiserver.apis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.KubeList;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ListMeta;
import dev.customapiserver.apis.cicd.JenkinsServiceV1alpha;
import dev.customapiserver.apis.hello.FooV1;
import dev.customapiserver.apis.hello.FooV2;
import dev.customapiserver.apis.restaurant.PizzaV1alpha1;
import dev.customapiserver.apis.restaurant.PizzaV1beta1;
import dev.customapiserver.apis.restaurant.ToppingV1alpha1;
import dev.customapiserver.apis.restaurant.ToppingV1beta1;
import dev.customapiserver.apis.wardle.FischerV1alpha1;
import dev.customapiserver.apis.wardle.FlunderV1alpha1;
import dev.customapiserver.apis.wardle.FlunderV1beta1;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.MetaProtobuf;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seed groups' kinds in Kubernetes protobuf, the encoding derived from their schemas: the bytes of
 * a Flunder as sample-apiserver's generated Go code writes them (worked out by hand from its types'
 * protobuf tags), the field numbers go-to-protobuf gives every kind, and a round trip per kind.
 */
@DisplayName("The seed groups' kinds in Kubernetes protobuf")
class SeedProtobufTest {
  private static final Codecs CODECS = new Codecs();
  private static final ObjectMapper JSON = CODECS.json();
  private static final String META = "'metadata':{'name':'n','namespace':'ns','uid':'u','resourceVersion':'9',"
      + "'generation':3,'creationTimestamp':'2024-05-06T07:08:09Z','labels':{'b':'2','a':'1'},"
      + "'annotations':{'k':'v'},'finalizers':['f1','f2'],"
      + "'ownerReferences':[{'apiVersion':'v1','kind':'ConfigMap','name':'cm','uid':'o','controller':true}],"
      + "'managedFields':[{'manager':'kubectl','operation':'Apply','apiVersion':'x/v1','time':'2024-05-06T07:08:09Z',"
      + "'fieldsType':'FieldsV1','fieldsV1':{'f:spec':{}}}]}";

  /** A Flunder of wardle.example.com/v1beta1 with every field set, its spec's empty reference included. */
  private static final String FLUNDER = "{'apiVersion':'wardle.example.com/v1beta1','kind':'Flunder',"
      + "'metadata':{'name':'f','namespace':'ns','uid':'u1','resourceVersion':'5','generation':2,"
      + "'creationTimestamp':'2024-01-01T00:00:00Z','labels':{'a':'b'}},"
      + "'spec':{'flunderReference':'x','fischerReference':'','referenceType':'Flunder'},'status':{}}";

  /**
   * That Flunder as sample-apiserver writes it: {@code k8s\0}, runtime.Unknown {typeMeta 1, raw 2,
   * contentEncoding 3, contentType 4}; Flunder {metadata 1, spec 2, status 3}; ObjectMeta with every
   * non-pointer field (empty ones too); FlunderSpec {flunderReference 1, fischerReference 2, referenceType 3}.
   */
  private static final String FLUNDER_BYTES = String.join("",
      "6b387300", // k8s\0
      "0a25", "0a1a", hex("wardle.example.com/v1beta1"), "1207", hex("Flunder"), // typeMeta {apiVersion, kind}
      "123a", // raw: the Flunder message, 58 bytes
      "0a26", // metadata, 38 bytes
      "0a01", hex("f"), "1200", "1a02", hex("ns"), "2200", "2a02", hex("u1"), "3201", hex("5"), // name .. resourceVersion
      "3802", // generation 2
      "4208", "08" + "8081c8ac06", "1000", // creationTimestamp {seconds 1704067200, nanos 0}
      "5a06", "0a01", hex("a"), "1201", hex("b"), // labels entry {key, value}
      "120e", "0a01", hex("x"), "1200", "1a07", hex("Flunder"), // spec
      "1a00", // status: the empty FlunderStatus
      "1a00", "2200"); // contentEncoding, contentType

  @Test
  @DisplayName("a Flunder is byte for byte what sample-apiserver's generated code writes")
  void flunderBytes() throws Exception {
    FlunderV1beta1 f = JSON.readValue(json(FLUNDER), FlunderV1beta1.class);
    assertThat(HexFormat.of().formatHex(CODECS.protobuf(FlunderV1beta1.class).envelope(f))).isEqualTo(FLUNDER_BYTES);
  }

  @Test
  @DisplayName("sample-apiserver's bytes of a Flunder read back as that Flunder, its empty reference unset")
  void flunderFromGoBytes() throws Exception {
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(HexFormat.of().parseHex(FLUNDER_BYTES));
    assertThat(e.apiVersion()).isEqualTo("wardle.example.com/v1beta1");
    assertThat(e.kind()).isEqualTo("Flunder");
    KubeObject read = CODECS.protobuf(FlunderV1beta1.class).decode(e.raw());
    JsonNode expected = JSON.readTree(json(FLUNDER));
    ((com.fasterxml.jackson.databind.node.ObjectNode) expected).remove(List.of("apiVersion", "kind"));
    // Go's empty fischerReference is unset, as in the JSON of a Go client (omitempty)
    ((com.fasterxml.jackson.databind.node.ObjectNode) expected.get("spec")).remove("fischerReference");
    assertThat(JSON.writeValueAsString(read)).isEqualTo(JSON.writeValueAsString(expected));
  }

  @Test
  @DisplayName("a FlunderList is ListMeta 1 and one items 2 per Flunder, in the envelope of kind FlunderList")
  void flunderListBytes() throws Exception {
    FlunderV1beta1 f = JSON.readValue(json(FLUNDER), FlunderV1beta1.class);
    KubeList<FlunderV1beta1> list = new KubeList<>("wardle.example.com/v1beta1", "FlunderList", new ListMeta("12", "c", 4L),
        List.of(f, f));
    byte[] body = CODECS.protobuf(FlunderV1beta1.class).envelope(list);
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(body);
    assertThat(e.kind()).isEqualTo("FlunderList");
    String item = FLUNDER_BYTES.substring(FLUNDER_BYTES.indexOf("123a") + 4, FLUNDER_BYTES.length() - 8);
    assertThat(HexFormat.of().formatHex(e.raw().toByteArray())).isEqualTo(String.join("",
        "0a0b", "0a00", "1202", hex("12"), "1a01", hex("c"), "2004", // ListMeta {selfLink, resourceVersion, continue, remainingItemCount}
        "123a", item, "123a", item));
  }

  @Test
  @DisplayName("a Status and a watch event are byte for byte what apimachinery's generated code writes")
  void statusAndWatchEventBytes() {
    dev.customapiserver.api.meta.Status st = new dev.customapiserver.api.meta.Status();
    st.status = "Failure";
    st.message = "m";
    st.reason = "NotFound";
    st.details = new dev.customapiserver.api.meta.Status.Details();
    st.details.name = "n";
    st.details.group = "g";
    st.details.kind = "k";
    st.code = 404;
    assertThat(HexFormat.of().formatHex(MetaProtobuf.status(st).toByteArray())).isEqualTo(String.join("",
        "0a06", "0a00", "1200", "1a00", // metadata: ListMeta {selfLink, resourceVersion, continue}
        "1207", hex("Failure"), "1a01", hex("m"), "2208", hex("NotFound"),
        "2a0d", "0a01", hex("n"), "1201", hex("g"), "1a01", hex("k"), "2800", "3200", // details {.., retryAfterSeconds, uid}
        "309403")); // code 404
    byte[] object = {1, 2, 3};
    // 4 bytes of length, then WatchEvent {type 1, object 2 (RawExtension {raw 1})}
    assertThat(HexFormat.of().formatHex(MetaProtobuf.watchEvent("ADDED", object)))
        .isEqualTo("0000000e" + "0a05" + hex("ADDED") + "1205" + "0a03" + "010203");
  }

  static Stream<Arguments> kinds() {
    return Stream.of(
        kind(FooV1.class, "hello.zeng.dev/v1", "Foo", Map.of("metadata", 1, "spec", 2),
            "'spec':{'msg':'hi','msg1':'there'}"),
        kind(FooV2.class, "hello.zeng.dev/v2", "Foo", Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'image':'nginx','config':{'msg':'hi','msg1':'x'}},'status':{'phase':'Ready','conditions':"
            + "[{'type':'Ready','status':'True','reason':'R','message':'m','lastTransitionTime':'2024-05-06T07:08:09Z'}]}"),
        kind(FlunderV1alpha1.class, "wardle.example.com/v1alpha1", "Flunder", Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'reference':'r','referenceType':'Fischer'},'status':{}"),
        kind(FlunderV1beta1.class, "wardle.example.com/v1beta1", "Flunder", Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'flunderReference':'a','fischerReference':'b','referenceType':'Flunder'},'status':{}"),
        kind(FischerV1alpha1.class, "wardle.example.com/v1alpha1", "Fischer", Map.of("metadata", 1, "disallowedFlunders", 2),
            "'disallowedFlunders':['a','b']"),
        kind(PizzaV1alpha1.class, "restaurant.wukong.com/v1alpha1", "Pizza", Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'toppings':['salami','salami','cheese']},'status':{'cost':3.5}"),
        kind(PizzaV1beta1.class, "restaurant.wukong.com/v1beta1", "Pizza", Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'toppings':[{'name':'salami','quantity':2},{'name':'cheese','quantity':1}]},'status':{'cost':3.5}"),
        kind(ToppingV1alpha1.class, "restaurant.wukong.com/v1alpha1", "Topping", Map.of("metadata", 1, "spec", 2),
            "'spec':{'cost':1.25}"),
        kind(ToppingV1beta1.class, "restaurant.wukong.com/v1beta1", "Topping", Map.of("metadata", 1, "spec", 2),
            "'spec':{'cost':0.5}"),
        kind(JenkinsServiceV1alpha.class, "autobusi.group.cicd/v1alpha", "JenkinsService",
            Map.of("metadata", 1, "spec", 2, "status", 3),
            "'spec':{'instanceamount':3,'instancecpu':2},'status':{'approvalstatus':'Pending',"
            + "'instances':[{'cpu':2,'running':true},{'cpu':1,'running':false}]}"));
  }

  private static Arguments kind(Class<? extends KubeObject> type, String apiVersion, String kind, Map<String, Integer> numbers,
      String fields) {
    return Arguments.of(type.getSimpleName(), type, apiVersion, kind, numbers, fields);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  @DisplayName("metadata is field 1, the kind's own fields follow in declaration order, and every field round-trips")
  void roundTrip(String name, Class<? extends KubeObject> type, String apiVersion, String kind, Map<String, Integer> numbers,
      String fields) throws Exception {
    assertThat(CODECS.protobuf(type).fieldNumbers()).isEqualTo(numbers);
    KubeObject o = JSON.readValue(json("{'apiVersion':'" + apiVersion + "','kind':'" + kind + "'," + META + "," + fields + "}"), type);
    byte[] body = CODECS.protobuf(type).envelope(o);
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(body);
    assertThat(e.apiVersion()).isEqualTo(apiVersion);
    assertThat(e.kind()).isEqualTo(kind);
    KubeObject back = CODECS.protobuf(type).decode(e.raw());
    back.apiVersion = apiVersion;
    back.kind = kind;
    assertThat((JsonNode) JSON.valueToTree(back)).isEqualTo(JSON.valueToTree(o));
  }

  @Test
  @DisplayName("nested messages and repeated fields are numbered from 1 in their struct: a Pizza's toppings {name 1, quantity 2}")
  void nestedNumbers() throws Exception {
    PizzaV1beta1 p = JSON.readValue(json("{'spec':{'toppings':[{'name':'s','quantity':2}]},'status':{'cost':1.5}}"),
        PizzaV1beta1.class);
    p.metadata = null;
    String raw = HexFormat.of().formatHex(CODECS.protobuf(PizzaV1beta1.class).encode(p).toByteArray());
    // spec 2 {toppings 1 {name 1 "s", quantity 2 varint 2}}, status 3 {cost 1 double 1.5}
    assertThat(raw).endsWith("12070a050a0173" + "1002" + "1a09" + "09000000000000f83f");
  }

  @Test
  @DisplayName("a field of the wrong wire type is a 400 in the words of Go's generated code")
  void wrongWireType() {
    // spec 2 {flunderReference 1 as a varint}
    ByteString raw = ByteString.copyFrom(HexFormat.of().parseHex("12020801"));
    assertThatThrownBy(() -> CODECS.protobuf(FlunderV1beta1.class).decode(raw))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          assertThat(e.status().code).isEqualTo(400);
          assertThat(e.status().message).isEqualTo("proto: wrong wireType = 0 for field flunderReference");
        });
  }

  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  private static String hex(String s) {
    return HexFormat.of().formatHex(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
