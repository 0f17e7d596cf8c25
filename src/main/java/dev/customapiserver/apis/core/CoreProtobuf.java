package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import dev.customapiserver.runtime.KubeProtobuf;
import dev.customapiserver.runtime.ProtoFields;
import java.io.IOException;

/**
 * core/v1 ConfigMap and Secret from Kubernetes protobuf, as kubectl's typed client sends them for
 * {@code kubectl create configmap} and {@code kubectl create secret}. ConfigMap: metadata 1, data 2,
 * binaryData 3, immutable 4; Secret: metadata 1, data 2, type 3, stringData 4, immutable 5. Map
 * entries are {key 1, value 2}.
 */
public final class CoreProtobuf {
  private static final ProtoFields<ConfigMapV1> CONFIG_MAP = KubeProtobuf.object(ConfigMapV1::new)
      .field(2, (in, cm) -> cm.data = KubeProtobuf.put(cm.data, in.readBytes(), CoreProtobuf::text, ""))
      .field(3, (in, cm) -> cm.binaryData = KubeProtobuf.put(cm.binaryData, in.readBytes(), CoreProtobuf::binary, new byte[0]))
      .bool(4, (cm, v) -> cm.immutable = v);
  private static final ProtoFields<SecretV1> SECRET = KubeProtobuf.object(SecretV1::new)
      .field(2, (in, s) -> s.data = KubeProtobuf.put(s.data, in.readBytes(), CoreProtobuf::binary, new byte[0]))
      .string(3, (s, v) -> s.type = v)
      .field(4, (in, s) -> s.stringData = KubeProtobuf.put(s.stringData, in.readBytes(), CoreProtobuf::text, ""))
      .bool(5, (s, v) -> s.immutable = v);

  private CoreProtobuf() {}

  public static ConfigMapV1 configMap(ByteString raw) {
    return CONFIG_MAP.read(raw);
  }

  public static SecretV1 secret(ByteString raw) {
    return SECRET.read(raw);
  }

  /** A map value as text; invalid UTF-8 is replaced, not refused. */
  private static String text(CodedInputStream in) throws IOException {
    return in.readBytes().toStringUtf8();
  }

  private static byte[] binary(CodedInputStream in) throws IOException {
    return in.readBytes().toByteArray();
  }
}
