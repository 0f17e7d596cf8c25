package dev.customapiserver.apis.core;

import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.KindConverter;
import java.util.LinkedHashMap;
import java.util.Map;

/** ConfigMap v1 to and from the hub: the same shape, copied. */
public final class ConfigMapV1Converter implements KindConverter<ConfigMap, ConfigMapV1> {

  @Override
  public ConfigMap toHub(ConfigMapV1 v) {
    ConfigMap h = new ConfigMap();
    h.metadata = v.metadata == null ? new ObjectMeta() : v.metadata.copy();
    h.immutable = v.immutable;
    h.data = copy(v.data);
    h.binaryData = copy(v.binaryData);
    return h;
  }

  @Override
  public ConfigMapV1 fromHub(ConfigMap h) {
    ConfigMapV1 v = new ConfigMapV1();
    v.metadata = h.metadata == null ? new ObjectMeta() : h.metadata.copy();
    v.immutable = h.immutable;
    v.data = copy(h.data);
    v.binaryData = copy(h.binaryData);
    return v;
  }

  public static <T> Map<String, T> copy(Map<String, T> m) {
    return m == null ? null : new LinkedHashMap<>(m);
  }
}
