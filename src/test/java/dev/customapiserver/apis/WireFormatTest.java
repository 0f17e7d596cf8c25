package dev.customapiserver.apis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.groups.ApiGroupModule;
import dev.customapiserver.runtime.BodyDecoder;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.Decoded;
import dev.customapiserver.runtime.FieldValidation;
import dev.customapiserver.runtime.GroupVersion;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.Scheme;
import dev.customapiserver.runtime.ServedVersion;
import dev.customapiserver.runtime.StorageCodec;
import java.nio.charset.StandardCharsets;
import java.util.ServiceLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The way a request body travels: strict decode, defaults, hub, storage encoding, and back out. */
@org.junit.jupiter.api.DisplayName("Every served version of every built-in kind round-trips through strict decoding, defaulting, the hub and storage")
class WireFormatTest {
  private final Codecs codecs = new Codecs();
  private final Scheme scheme = new Scheme(ServiceLoader.load(ApiGroupModule.class).stream()
      .map(p -> p.get().apiGroup()).toList());

  @ParameterizedTest(name = "{0}/{1} {2}")
  @CsvSource(delimiter = '|', value = {
      "''|v1|namespaces|{\"metadata\":{\"name\":\"team-a\"},\"spec\":{\"finalizers\":[\"kubernetes\"]},\"status\":{\"phase\":\"Active\"}}",
      "hello.zeng.dev|v2|foos|{\"metadata\":{\"name\":\"f\"},\"spec\":{\"image\":\"nginx:latest\",\"config\":{\"msg\":\"hi\",\"msg1\":\"there\"}}}",
      "hello.zeng.dev|v1|foos|{\"metadata\":{\"name\":\"f\",\"annotations\":{\"hello.zeng.dev/v2-image\":\"busybox\"}},\"spec\":{\"msg\":\"hi\"}}",
      "wardle.example.com|v1beta1|flunders|{\"metadata\":{\"name\":\"f\"},\"spec\":{\"fischerReference\":\"x\",\"referenceType\":\"Fischer\"}}",
      "wardle.example.com|v1alpha1|flunders|{\"metadata\":{\"name\":\"f\"},\"spec\":{\"reference\":\"x\",\"referenceType\":\"Flunder\"}}",
      "wardle.example.com|v1alpha1|fischers|{\"metadata\":{\"name\":\"f\"},\"disallowedFlunders\":[\"a\",\"b\"]}",
      "restaurant.wukong.com|v1beta1|pizzas|{\"metadata\":{\"name\":\"p\"},\"spec\":{\"toppings\":[{\"name\":\"salami\",\"quantity\":2}]}}",
      "restaurant.wukong.com|v1alpha1|pizzas|{\"metadata\":{\"name\":\"p\"},\"spec\":{\"toppings\":[\"salami\",\"salami\",\"cheese\"]}}",
      "restaurant.wukong.com|v1alpha1|toppings|{\"metadata\":{\"name\":\"t\"},\"spec\":{\"cost\":1.5}}",
      "autobusi.group.cicd|v1alpha|jenkinsservices|{\"metadata\":{\"name\":\"j\"},\"spec\":{\"instanceamount\":2,\"instancecpu\":1},\"status\":{\"approvalstatus\":\"Pending\",\"instances\":[{\"cpu\":1,\"running\":true}]}}",
      "''|v1|configmaps|{\"metadata\":{\"name\":\"c\"},\"immutable\":true,\"data\":{\"a\":\"1\"},\"binaryData\":{\"b\":\"AAE=\"}}",
      "''|v1|secrets|{\"metadata\":{\"name\":\"s\"},\"data\":{\"a\":\"czNjcjN0\"},\"type\":\"Opaque\"}",
      "coordination.k8s.io|v1|leases|{\"metadata\":{\"name\":\"l\"},\"spec\":{\"holderIdentity\":\"a\",\"leaseDurationSeconds\":15,\"acquireTime\":\"2026-11-26T05:00:00.123456Z\",\"leaseTransitions\":2}}",
  })
  void strictDecodeStoreAndEncodeGiveTheBodyBack(String group, String version, String plural, String body) throws Exception {
    ResourceType<?> type = scheme.resource(group, plural).orElseThrow();
    check(type, new GroupVersion(group, version), body);
  }

  private <H extends KubeObject> void check(ResourceType<H> type, GroupVersion gv, String body) throws Exception {
    ServedVersion<H, ?> sv = type.version(gv.version()).orElseThrow();
    BodyDecoder decoder = new BodyDecoder(codecs);
    Decoded<JsonNode> tree = decoder.parseTree(body.getBytes(StandardCharsets.UTF_8), false, FieldValidation.STRICT);
    KubeObject decoded = decoder.bind(tree.value(), sv.type(), FieldValidation.STRICT, type.kind(), type.kind()).value();
    sv.applyDefaults(decoded);
    H hub = sv.toHub(decoded);
    assertThat(Violations.of(hub)).isEmpty();
    assertThat(type.strategy().validate(hub)).isEmpty();

    StorageCodec<H> storage = new StorageCodec<>(type, codecs);
    H stored = storage.decode(storage.encode(hub), hub.metadata().namespace, hub.metadata().name);
    KubeObject out = sv.fromHub(stored, gv, type.kind());

    JsonNode expected = codecs.json().readTree(body);
    ((com.fasterxml.jackson.databind.node.ObjectNode) expected).put("apiVersion", gv.apiVersion()).put("kind", type.kind());
    JsonNode actual = codecs.json().readTree(codecs.toJson(out)); // as on the wire: bytes are base64 strings
    assertThat(actual).isEqualTo(expected);
  }
}
