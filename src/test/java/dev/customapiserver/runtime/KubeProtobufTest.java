package dev.customapiserver.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.meta.ObjectMeta;
import java.util.HexFormat;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Kubernetes protobuf bodies")
class KubeProtobufTest {
  /** What kubectl 1.32 sent for {@code kubectl create namespace team-b} (captured with -v=9). */
  static final byte[] KUBECTL_CREATE_NS = HexFormat.of().parseHex(
      "6b3873000a0f0a0276311209" + "4e616d657370616365" + "121e0a160a067465616d2d621200" + "1a0022002a00320038004200"
          + "12001a020a001a002200");

  @Test
  @DisplayName("unwraps the k8s envelope kubectl sends and reads the object's metadata")
  void kubectlCreateNamespace() {
    KubeProtobuf.Envelope e = KubeProtobuf.unwrap(KUBECTL_CREATE_NS);
    assertThat(e.apiVersion()).isEqualTo("v1");
    assertThat(e.kind()).isEqualTo("Namespace");
    ObjectMeta[] meta = new ObjectMeta[1];
    KubeProtobuf.message(e.raw(), (n, in) -> {
      if (n != 1) {
        return false;
      }
      meta[0] = KubeProtobuf.objectMeta(in.readBytes());
      return true;
    });
    assertThat(meta[0].name).isEqualTo("team-b");
    assertThat(meta[0].generateName).isNull();
  }

  @Test
  @DisplayName("reads labels and annotations as map entries")
  void labels() {
    // ObjectMeta{name:"x", labels:{"a":"b"}, annotations:{"k":"v"}}
    byte[] meta = HexFormat.of().parseHex("0a0178" + "5a060a0161120162" + "62060a016b120176");
    ObjectMeta m = KubeProtobuf.objectMeta(com.google.protobuf.ByteString.copyFrom(meta));
    assertThat(m.labels).containsEntry("a", "b");
    assertThat(m.annotations).containsEntry("k", "v");
  }

  @Test
  @DisplayName("refuses bodies without the envelope or cut short with a 400")
  void malformed() {
    assertThatThrownBy(() -> KubeProtobuf.unwrap("{}".getBytes())).isInstanceOfSatisfying(ApiException.class,
        e -> assertThat(e.code()).isEqualTo(400));
    byte[] cut = java.util.Arrays.copyOf(KUBECTL_CREATE_NS, 20);
    assertThatThrownBy(() -> KubeProtobuf.unwrap(cut)).isInstanceOfSatisfying(ApiException.class,
        e -> assertThat(e.getMessage()).doesNotContain("CodedInputStream").doesNotContain("Exception"));
  }
}
