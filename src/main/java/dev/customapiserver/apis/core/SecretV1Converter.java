package dev.customapiserver.apis.core;

import dev.customapiserver.api.meta.ObjectMeta;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import dev.customapiserver.runtime.KindConverter;

/**
 * Secret v1 to and from the hub. {@code stringData} is merged into {@code data} on the way in (its
 * values win, as in kube) and never comes back out.
 */
public final class SecretV1Converter implements KindConverter<Secret, SecretV1> {

  @Override
  public Secret toHub(SecretV1 v) {
    Secret h = new Secret();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.immutable = v.immutable;
    h.type = v.type;
    h.data = ConfigMapV1Converter.copy(v.data);
    if (v.stringData != null && !v.stringData.isEmpty()) {
      Map<String, byte[]> data = h.data == null ? new LinkedHashMap<>() : h.data;
      v.stringData.forEach((k, s) -> data.put(k, s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8)));
      h.data = data;
    }
    return h;
  }

  @Override
  public SecretV1 fromHub(Secret h) {
    SecretV1 v = new SecretV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.immutable = h.immutable;
    v.type = h.type;
    v.data = ConfigMapV1Converter.copy(h.data);
    return v;
  }
}
