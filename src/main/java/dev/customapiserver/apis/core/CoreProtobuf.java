package dev.customapiserver.apis.core;

import com.google.protobuf.ByteString;
import dev.customapiserver.runtime.KubeProtobuf;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * core/v1 ConfigMap and Secret from Kubernetes protobuf, as kubectl's typed client sends them for
 * {@code kubectl create configmap} and {@code kubectl create secret}. ConfigMap: metadata 1, data 2,
 * binaryData 3, immutable 4; Secret: metadata 1, data 2, type 3, stringData 4, immutable 5. Map
 * entries are {key 1, value 2}.
 */
public final class CoreProtobuf {
  private CoreProtobuf() {}

  public static ConfigMapV1 configMap(ByteString raw) {
    ConfigMapV1 cm = new ConfigMapV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> cm.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> cm.data = put(cm.data, in.readBytes(), ByteString::toStringUtf8);
        case 3 -> cm.binaryData = put(cm.binaryData, in.readBytes(), ByteString::toByteArray);
        case 4 -> cm.immutable = in.readBool();
        default -> {
          return false;
        }
      }
      return true;
    });
    return cm;
  }

  public static SecretV1 secret(ByteString raw) {
    SecretV1 s = new SecretV1();
    KubeProtobuf.message(raw, (n, in) -> {
      switch (n) {
        case 1 -> s.metadata = KubeProtobuf.objectMeta(in.readBytes());
        case 2 -> s.data = put(s.data, in.readBytes(), ByteString::toByteArray);
        case 3 -> s.type = in.readStringRequireUtf8();
        case 4 -> s.stringData = put(s.stringData, in.readBytes(), ByteString::toStringUtf8);
        case 5 -> s.immutable = in.readBool();
        default -> {
          return false;
        }
      }
      return true;
    });
    return s;
  }

  /** Adds one map entry message to {@code map} (created when null). */
  public static <T> Map<String, T> put(Map<String, T> map, ByteString entry, java.util.function.Function<ByteString, T> value) {
    Map<String, T> m = map == null ? new LinkedHashMap<>() : map;
    String[] key = {""};
    ByteString[] raw = {ByteString.EMPTY};
    KubeProtobuf.message(entry, (n, in) -> {
      if (n == 1) {
        key[0] = in.readStringRequireUtf8();
        return true;
      }
      if (n == 2) {
        raw[0] = in.readBytes();
        return true;
      }
      return false;
    });
    m.put(key[0], value.apply(raw[0]));
    return m;
  }
}
